import { Alert, Checkbox, Grid, Input, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { PhoneCodeSelect, PhoneFields } from '../../components/phone-code-select';
import { AddressBlock } from '../../components/address-block';
import { REQUIRED_MARK } from '../../components/required-mark';
import { rfcWarning, type BusinessFormValues, type PersonKind } from './business-form';

export type BusinessForm = UseFormReturn<BusinessFormValues, unknown, BusinessFormValues>;

const upper = { input: { textTransform: 'uppercase' as const } };

export const PERSON_KIND_LABELS: Record<PersonKind, string> = { moral: 'Persona moral', fisica: 'Persona física' };

/** Kind of person, identity (RFC, CURP, names) and contact of the business. */
export function FiscalFields({ form, kindLocked = false }: { form: BusinessForm; kindLocked?: boolean }) {
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'TypePerson' });
  const rfc = useWatch({ control: form.control, name: 'Rfc' });
  const moral = kind === 'moral';
  const warning = rfcWarning(rfc, kind);
  const rfcField = form.register('Rfc', { onChange: () => form.setValue('ConfirmRfcWarning', false) });

  return (
    <Stack gap="md" data-testid="business-fiscal">
      <Controller
        control={form.control}
        name="TypePerson"
        render={({ field }) => (
          <Input.Wrapper
            label="Tipo de persona"
            labelProps={REQUIRED_MARK.labelProps}
            description={kindLocked ? 'El tipo de persona no se puede cambiar.' : undefined}
          >
            <SegmentedControl
              display="flex"
              maw={420}
              mt={4}
              value={field.value}
              disabled={kindLocked}
              onChange={(v) => {
                field.onChange(v);
                form.clearErrors();
              }}
              data={[
                { value: 'moral', label: PERSON_KIND_LABELS.moral },
                { value: 'fisica', label: PERSON_KIND_LABELS.fisica },
              ]}
            />
          </Input.Wrapper>
        )}
      />
      <Text size="sm" c="dimmed">
        {moral ? 'Persona moral: RFC de 12 caracteres y razón social.' : 'Persona física: RFC de 13 caracteres, CURP, nombre y apellidos.'}
      </Text>
      <Grid>
        {moral ? (
          <Grid.Col span={12}>
            <TextInput
              label="Razón social"
              {...REQUIRED_MARK}
              placeholder="Comercializadora Ejemplo, S.A. de C.V."
              error={errors.CompanyName?.message}
              {...form.register('CompanyName')}
            />
          </Grid.Col>
        ) : (
          <>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Nombre(s)" {...REQUIRED_MARK} error={errors.Name?.message} {...form.register('Name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Primer apellido" {...REQUIRED_MARK} error={errors.LastName?.message} {...form.register('LastName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Segundo apellido" error={errors.SecondLastName?.message} {...form.register('SecondLastName')} />
            </Grid.Col>
          </>
        )}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="RFC"
            {...REQUIRED_MARK}
            maxLength={13}
            styles={upper}
            description={moral ? '12 caracteres' : '13 caracteres'}
            error={errors.Rfc?.message}
            {...rfcField}
          />
        </Grid.Col>
        {moral ? null : (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="CURP"
              {...REQUIRED_MARK}
              maxLength={18}
              styles={upper}
              description="18 caracteres"
              error={errors.Curp?.message}
              {...form.register('Curp')}
            />
          </Grid.Col>
        )}
        {moral ? null : (
          <Grid.Col span={12}>
            <TextInput label="Nombre comercial" error={errors.CompanyName?.message} {...form.register('CompanyName')} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: moral ? 6 : 12 }}>
          <TextInput label="Correo electrónico de la empresa" type="email" {...REQUIRED_MARK} error={errors.Email?.message} {...form.register('Email')} />
        </Grid.Col>
        {moral ? null : (
          <>
            <PhoneFields form={form} code="MobileCode" number="Mobile" codeLabel="Lada del celular" numberLabel="Teléfono celular" />
          </>
        )}
      </Grid>
      {warning ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={warning} data-testid="rfc-warning">
          <Stack gap="xs">
            <Text size="sm">
              El SAT ha emitido RFC cuyo dígito verificador no sigue su propio algoritmo. Revisa la Constancia de Situación Fiscal; si el RFC es correcto,
              confírmalo para continuar.
            </Text>
            <Controller
              control={form.control}
              name="ConfirmRfcWarning"
              render={({ field, fieldState }) => (
                <Checkbox
                  label="Confirmo que el RFC es correcto"
                  checked={field.value}
                  onChange={(e) => {
                    field.onChange(e.currentTarget.checked);
                    if (e.currentTarget.checked) form.clearErrors('ConfirmRfcWarning');
                  }}
                  error={fieldState.error?.message}
                  aria-invalid={fieldState.error ? true : undefined}
                />
              )}
            />
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

const ADDRESS_NAMES = { street: 'Street', exterior: 'ExteriorNumber', interior: 'InteriorNumber', postalCode: 'PostalCode', colony: 'NeighborhoodId' } as const;

/** Street and numbers, and the postal code that fills municipality, city and state and offers the colonies. */
export function AddressFields({ form }: { form: BusinessForm }) {
  return <AddressBlock form={form} names={ADDRESS_NAMES} testId="business-address" />;
}

/** The legal representative of a persona moral. */
export function LegalRepresentativeFields({ form }: { form: BusinessForm }) {
  const e = form.formState.errors.LegalRepresentative;
  return (
    <Grid data-testid="business-legal-representative">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Nombre(s) del representante" {...REQUIRED_MARK} error={e?.v_names?.message} {...form.register('LegalRepresentative.v_names')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label="Primer apellido del representante"
          {...REQUIRED_MARK}
          error={e?.v_last_name_1?.message}
          {...form.register('LegalRepresentative.v_last_name_1')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Segundo apellido del representante" error={e?.v_last_name_2?.message} {...form.register('LegalRepresentative.v_last_name_2')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Correo del representante"
          type="email"
          {...REQUIRED_MARK}
          error={e?.v_email?.message}
          {...form.register('LegalRepresentative.v_email')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Correo alternativo del representante"
          type="email"
          error={e?.v_email_alternative?.message}
          {...form.register('LegalRepresentative.v_email_alternative')}
        />
      </Grid.Col>
    </Grid>
  );
}

/** The business's first user: receives the temporary password by e-mail. */
export function FirstUserFields({ form }: { form: BusinessForm }) {
  const e = form.formState.errors.FirstUser;
  return (
    <Grid data-testid="business-first-user">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Nombre(s) del usuario" {...REQUIRED_MARK} error={e?.Name?.message} {...form.register('FirstUser.Name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Primer apellido del usuario" error={e?.LastName?.message} {...form.register('FirstUser.LastName')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Segundo apellido del usuario" error={e?.SecondLastName?.message} {...form.register('FirstUser.SecondLastName')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput
          label="Correo del usuario"
          type="email"
          {...REQUIRED_MARK}
          description="Aquí llegará la contraseña temporal; deberá cambiarla al iniciar sesión por primera vez."
          error={e?.Email?.message}
          {...form.register('FirstUser.Email')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <Controller
          control={form.control}
          name="FirstUser.MobileCode"
          render={({ field, fieldState }) => (
            <PhoneCodeSelect
              label="Lada del celular del usuario"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <TextInput label="Celular del usuario" inputMode="numeric" maxLength={15} error={e?.Mobile?.message} {...form.register('FirstUser.Mobile')} />
      </Grid.Col>
    </Grid>
  );
}
