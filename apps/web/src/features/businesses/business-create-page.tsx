import { RfcWarningData } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Breadcrumbs, Button, Divider, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { errorText, isApiError } from '../../lib/api-client';
import { usePostalCode } from '../../lib/api/get-postal-code';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { useCreateBusiness, type BusinessInput, type FirstUserInput } from './api/create-business';
import { useCreateLegalRepresentative } from './api/create-legal-representative';
import {
  ADDRESS_FIELDS,
  EMPTY_BUSINESS,
  FIRST_USER_FIELDS,
  FISCAL_FIELDS,
  LEGAL_FIELDS,
  businessSchema,
  toBusinessInput,
  toFirstUserInput,
  toLegalRepresentativeInput,
  type BusinessFormValues,
} from './business-form';
import { AddressFields, FirstUserFields, FiscalFields, LegalRepresentativeFields, PERSON_KIND_LABELS } from './business-fields';

export const BUSINESS_SCREEN = '/user/business';

type StepKey = 'fiscal' | 'address' | 'legal' | 'user' | 'review';
type Field = FieldPath<BusinessFormValues>;

const STEPS: Record<StepKey, { label: string; description: string; fields: readonly Field[] }> = {
  fiscal: { label: 'Datos fiscales', description: 'Tipo de persona y RFC', fields: FISCAL_FIELDS },
  address: { label: 'Domicilio', description: 'Domicilio fiscal', fields: ADDRESS_FIELDS },
  legal: { label: 'Representante legal', description: 'Persona moral', fields: LEGAL_FIELDS },
  user: { label: 'Primer usuario', description: 'Acceso al portal', fields: FIRST_USER_FIELDS },
  review: { label: 'Confirmación', description: 'Revisa y crea', fields: [] },
};

const schema = businessSchema({ withLegalRepresentative: true, withFirstUser: true });
const SERVER_FIELDS: string[] = [...FISCAL_FIELDS, ...ADDRESS_FIELDS, ...FIRST_USER_FIELDS];

function stepsFor(moral: boolean): StepKey[] {
  return moral ? ['fiscal', 'address', 'legal', 'user', 'review'] : ['fiscal', 'address', 'user', 'review'];
}

function stepOfField(field: string, steps: StepKey[]): number {
  const index = steps.findIndex((s) => STEPS[s].fields.some((f) => f === field || f.startsWith(`${field}.`) || field.startsWith(`${f}.`)));
  return index < 0 ? 0 : index;
}

function Review({ values, moral, onEdit }: { values: BusinessFormValues; moral: boolean; onEdit: (step: StepKey) => void }) {
  const place = usePostalCode(values.PostalCode);
  const colony = place.data?.Colonies.find((c) => c.Id === values.NeighborhoodId)?.Name;
  const section = (title: string, step: StepKey) => (
    <Group justify="space-between" mt="sm">
      <Title order={3} fz="sm">
        {title}
      </Title>
      <Button size="compact-xs" variant="subtle" onClick={() => onEdit(step)} aria-label={`Editar ${title.toLowerCase()}`}>
        Editar
      </Button>
    </Group>
  );
  const r = values.LegalRepresentative;
  const u = values.FirstUser;
  return (
    <Stack gap="xs" data-testid="business-review">
      {section('Datos fiscales', 'fiscal')}
      <DetailGrid
        items={[
          { label: 'Tipo de persona', value: PERSON_KIND_LABELS[values.TypePerson] },
          moral
            ? { label: 'Razón social', value: values.CompanyName }
            : { label: 'Nombre', value: [values.Name, values.LastName, values.SecondLastName].filter(Boolean).join(' ') },
          { label: 'RFC', value: values.Rfc.toUpperCase() },
          ...(moral
            ? []
            : [
                { label: 'CURP', value: values.Curp.toUpperCase() },
                { label: 'Teléfono celular', value: values.Mobile ? `${values.MobileCode} ${values.Mobile}` : null },
              ]),
          { label: 'Correo electrónico', value: values.Email },
        ]}
      />
      <Divider />
      {section('Domicilio', 'address')}
      <DetailGrid
        items={[
          { label: 'Calle y número', value: `${values.Street} ${values.ExteriorNumber}${values.InteriorNumber ? `, int. ${values.InteriorNumber}` : ''}` },
          { label: 'Colonia', value: colony },
          { label: 'Código postal', value: values.PostalCode },
          { label: 'Municipio o alcaldía', value: place.data?.Municipality },
          { label: 'Estado', value: place.data?.State },
        ]}
      />
      {moral ? (
        <>
          <Divider />
          {section('Representante legal', 'legal')}
          <DetailGrid
            items={[
              { label: 'Nombre', value: [r.v_names, r.v_last_name_1, r.v_last_name_2].filter(Boolean).join(' ') },
              { label: 'Correo', value: r.v_email },
              { label: 'Correo alternativo', value: r.v_email_alternative },
            ]}
          />
        </>
      ) : null}
      <Divider />
      {section('Primer usuario', 'user')}
      <DetailGrid
        items={[
          { label: 'Nombre', value: [u.Name, u.LastName, u.SecondLastName].filter(Boolean).join(' ') },
          { label: 'Correo', value: u.Email },
          { label: 'Celular', value: u.Mobile ? `${u.MobileCode} ${u.Mobile}` : null },
        ]}
      />
      <Text size="sm" c="dimmed" mt="sm">
        La empresa quedará pendiente, con su propia cuenta CLABE. Para activarla faltarán sus documentos aprobados
        {moral ? ' y su representante legal' : ''}. El primer usuario recibirá una contraseña temporal por correo.
      </Text>
    </Stack>
  );
}

/** The guided onboarding of a business: kind of person, address, legal representative (moral), first user. */
export function BusinessCreatePage() {
  const navigate = useNavigate();
  const create = useCreateBusiness();
  const createRep = useCreateLegalRepresentative();
  const [active, setActive] = useState(0);
  const form = useForm<BusinessFormValues, unknown, BusinessFormValues>({ ...FORM_SETTINGS, resolver: zodResolver(schema), defaultValues: EMPTY_BUSINESS });
  const kind = useWatch({ control: form.control, name: 'TypePerson' });
  const moral = kind === 'moral';
  const steps = stepsFor(moral);
  const current = steps[Math.min(active, steps.length - 1)]!;

  const goTo = (index: number) => setActive(Math.max(0, Math.min(index, steps.length - 1)));

  const prefillFirstUser = () => {
    const v = form.getValues();
    const u = v.FirstUser;
    if (!u.Email) form.setValue('FirstUser.Email', v.Email);
    if (!moral && !u.Name) {
      form.setValue('FirstUser.Name', v.Name);
      form.setValue('FirstUser.LastName', v.LastName);
      form.setValue('FirstUser.SecondLastName', v.SecondLastName);
      form.setValue('FirstUser.MobileCode', v.MobileCode);
      form.setValue('FirstUser.Mobile', v.Mobile);
    }
  };

  const next = async () => {
    const ok = await form.trigger([...STEPS[current].fields], { shouldFocus: true });
    if (!ok) return;
    if (steps[active + 1] === 'user') prefillFirstUser();
    goTo(active + 1);
  };

  const finish = async (created: { Id: string; AccountNumber: string; FirstUser: { Email: string } }, name: string, values: BusinessFormValues) => {
    let notice = {
      color: 'green',
      message: `Se creó la empresa ${name} con la cuenta CLABE ${created.AccountNumber}. Enviamos la contraseña temporal a ${created.FirstUser.Email}.`,
    };
    if (moral) {
      try {
        await createRep.mutateAsync({ v_uid_business: created.Id, ...toLegalRepresentativeInput(values.LegalRepresentative) });
      } catch (error) {
        notice = {
          color: 'yellow',
          message: `Se creó la empresa ${name}, pero no fue posible registrar a su representante legal (${errorText(error)}). Regístralo en la pestaña «Representante legal».`,
        };
      }
    }
    navigate(`${BUSINESS_SCREEN}/${created.Id}`, { state: { notice } });
  };

  const send = async (body: BusinessInput & { FirstUser: FirstUserInput }, values: BusinessFormValues) => {
    try {
      const created = await create.mutateAsync(body);
      await finish(created, created.CompanyName ?? [created.Name, created.LastName].filter(Boolean).join(' '), values);
    } catch (error) {
      if (!isApiError(error)) return;
      const warning = error.status === 422 ? RfcWarningData.safeParse(error.data) : null;
      if (warning?.success) {
        create.reset();
        openConfirmDialog({
          title: 'Confirmar RFC',
          message: (
            <Stack gap="xs">
              {warning.data.Warnings.map((w) => (
                <Text key={w.key} size="sm" fw={600}>
                  {w.message}
                </Text>
              ))}
              <Text size="sm">El SAT ha emitido RFC así. ¿Confirmas que el RFC {body.Rfc} es correcto?</Text>
            </Stack>
          ),
          confirmLabel: 'Confirmar RFC y crear',
          onConfirm: () => {
            form.setValue('ConfirmRfcWarning', true);
            void send({ ...body, ConfirmRfcWarning: true }, { ...values, ConfirmRfcWarning: true });
          },
        });
        return;
      }
      if (applyServerErrors(form.setError, error, SERVER_FIELDS)) {
        const first = error.fieldErrors.find((f) => SERVER_FIELDS.includes(f.field));
        if (first) goTo(stepOfField(first.field, steps));
      }
    }
  };

  const onSubmit = form.handleSubmit(
    (values) => send({ ...toBusinessInput(values), FirstUser: toFirstUserInput(values.FirstUser) }, values),
    (errors) => {
      const first = steps.findIndex((s) =>
        STEPS[s].fields.some((f) => f.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors)),
      );
      if (first >= 0) goTo(first);
    },
  );

  const onFormSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (current === 'review') void onSubmit(e);
    else void next();
  };

  return (
    <>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to={BUSINESS_SCREEN} size="sm">
          Cuentas Business
        </Anchor>
        <Text size="sm">Nueva empresa</Text>
      </Breadcrumbs>
      <PageHeader title="Nueva empresa" description="Alta guiada de una cuenta Business: datos fiscales, domicilio, representante legal y primer usuario." />
      <Paper withBorder p="lg">
        <form onSubmit={onFormSubmit} noValidate data-testid="form-business-create">
          <Stack gap="lg">
            <Stepper active={active} onStepClick={(i) => (i < active ? goTo(i) : undefined)} allowNextStepsSelect={false} size="sm">
              {steps.map((key) => (
                <Stepper.Step key={key} label={STEPS[key].label} description={STEPS[key].description} />
              ))}
            </Stepper>
            <Title order={2} fz="lg">
              {STEPS[current].label}
            </Title>
            {create.isError ? <ErrorAlert error={create.error} title="No fue posible crear la empresa" /> : null}
            {current === 'fiscal' ? <FiscalFields form={form} /> : null}
            {current === 'address' ? <AddressFields form={form} /> : null}
            {current === 'legal' ? (
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  La persona que firma en nombre de la empresa. Es necesaria para activar la cuenta.
                </Text>
                <LegalRepresentativeFields form={form} />
              </Stack>
            ) : null}
            {current === 'user' ? <FirstUserFields form={form} /> : null}
            {current === 'review' ? <Review values={form.getValues()} moral={moral} onEdit={(s) => goTo(steps.indexOf(s))} /> : null}
            <Group justify="space-between">
              <Button variant="default" component={Link} to={BUSINESS_SCREEN}>
                Cancelar
              </Button>
              <Group gap="sm">
                {active > 0 ? (
                  <Button variant="default" onClick={() => goTo(active - 1)}>
                    Atrás
                  </Button>
                ) : null}
                {current === 'review' ? (
                  <Button type="submit" loading={create.isPending || createRep.isPending}>
                    Crear empresa
                  </Button>
                ) : (
                  <Button type="submit">Siguiente</Button>
                )}
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
