import { BeneficiaryNameField, ConceptField, NumericReferenceField, buildClabe, type BusinessMovement } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { MoneyField } from '../../components/money-input';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { REQUIRED_MARK } from '../../components/required-mark';
import { MoneyText } from '../../components/value-text';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { amountInput, apiCents, centsToApi, useMoneyIntent } from '../../lib/money';
import { REQUIRED } from '../../lib/validation';
import { useBanks } from './api/list-banks';
import { useBusinessSearch } from './api/search-businesses';
import { useSendSandboxIncoming, type SandboxIncomingInput } from './api/send-sandbox-incoming';
import { institutionOf } from './clabe-account-form';
import { clabeInput } from './spei-fields';
import { MONO_INPUT, WRAPPER_ORDER } from './ui';

interface BusinessOption {
  value: string;
  label: string;
  clabe: string;
}

const TRACKING_MESSAGE = 'La clave de rastreo admite máximo 30 letras mayúsculas y dígitos';

const schema = z
  .object({
    Clabe: z.string(),
    SenderBank: z.string(),
    SenderClabe: z.string(),
    SenderName: z.string(),
    Amount: z.string(),
    Concept: z.string(),
    Reference: z.string(),
    TrackingKey: z.string(),
  })
  .superRefine((v, ctx) => {
    const check = (schema: z.ZodType, value: string, path: string) => {
      const r = schema.safeParse(value);
      if (!r.success) ctx.addIssue({ code: 'custom', path: [path], message: r.error.issues[0]?.message ?? REQUIRED });
    };
    check(clabeInput, v.Clabe, 'Clabe');
    if (v.SenderClabe.trim() !== '') check(clabeInput, v.SenderClabe, 'SenderClabe');
    else if (!v.SenderBank) ctx.addIssue({ code: 'custom', path: ['SenderBank'], message: REQUIRED });
    check(BeneficiaryNameField, v.SenderName, 'SenderName');
    check(amountInput, v.Amount, 'Amount');
    check(ConceptField, v.Concept, 'Concept');
    if (v.Reference.trim() !== '') check(NumericReferenceField, v.Reference, 'Reference');
    if (v.TrackingKey.trim() !== '' && !/^[A-Z0-9]{1,30}$/.test(v.TrackingKey.trim().toUpperCase()))
      ctx.addIssue({ code: 'custom', path: ['TrackingKey'], message: TRACKING_MESSAGE });
  });
type Values = z.infer<typeof schema>;
const FIELDS = ['Clabe', 'SenderClabe', 'SenderName', 'Amount', 'Concept', 'Reference', 'TrackingKey'] as const;
const EMPTY: Values = { Clabe: '', SenderBank: '012', SenderClabe: '', SenderName: '', Amount: '', Concept: '', Reference: '', TrackingKey: '' };

/** The ordering account: the one typed, else a sandbox account of the chosen bank. */
export function senderClabeOf(v: Pick<Values, 'SenderBank' | 'SenderClabe'>): string {
  const typed = v.SenderClabe.replace(/\s+/g, '');
  return typed !== '' ? typed : buildClabe(v.SenderBank, '180', '01234567890');
}

export function toSandboxBody(v: Values): SandboxIncomingInput {
  const amount = amountInput.parse(v.Amount);
  return {
    Clabe: v.Clabe.replace(/\s+/g, ''),
    Amount: centsToApi(amount),
    SenderName: v.SenderName.trim(),
    SenderClabe: senderClabeOf(v),
    Concept: v.Concept.trim(),
    Reference: v.Reference.trim() || undefined,
    TrackingKey: v.TrackingKey.trim().toUpperCase() || undefined,
  };
}

function Result({ m, duplicate }: { m: BusinessMovement; duplicate: boolean }) {
  return (
    <Paper withBorder p="md" data-testid="sandbox-result">
      <Stack gap="sm">
        {duplicate ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="sandbox-duplicate">
            Esta orden ya se había recibido (misma clave de rastreo, día y banco ordenante): no se abonó de nuevo.
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Text fw={600}>{duplicate ? 'Orden ya recibida' : 'SPEI recibido'}</Text>
          <MovementStatusBadge status={m.StatusBusinessMovement} />
        </Group>
        <DetailGrid
          items={[
            {
              label: 'Clave de rastreo',
              value: (
                <Text span className="tabular" inherit>
                  {m.TrackingKey}
                </Text>
              ),
            },
            { label: 'Empresa', value: m.IdClientBusiness },
            { label: 'Ordenante', value: `${m.SourceAccount.Name ?? ''} · ${m.SourceAccount.BankName ?? ''}` },
            { label: 'Monto recibido', value: <MoneyText cents={apiCents(m.MovementAmount)} inherit /> },
            { label: 'Comisión', value: <MoneyText cents={apiCents(m.Commission)} inherit /> },
            { label: 'IVA', value: <MoneyText cents={apiCents(m.IVA)} inherit /> },
            { label: 'Abonado a la empresa', value: <MoneyText cents={apiCents(m.TotalAmount)} fw={700} inherit /> },
          ]}
        />
      </Stack>
    </Paper>
  );
}

/**
 * Staff: a simulated incoming SPEI to a business CLABE through the sandbox rail. The commission for
 * SPEI received and its IVA are charged as on a real one.
 */
/** `clabe`: the business is already chosen (from its detail page); only the deposit is asked. */
export function SandboxIncomingForm({ clabe: presetClabe }: { clabe?: string } = {}) {
  const send = useSendSandboxIncoming();
  const banks = useBanks();
  const [businessSearch, setBusinessSearch] = useState('');
  const [chosen, setChosen] = useState<BusinessOption | null>(null);
  // Once a business is chosen the control shows its label: that is not a new search.
  const [debounced] = useDebouncedValue(chosen && businessSearch === chosen.label ? '' : businessSearch, 300);
  const businesses = useBusinessSearch(debounced);
  const submitIntent = useMoneyIntent();

  const form = useForm<Values>({ ...FORM_SETTINGS, resolver: zodResolver(schema), defaultValues: { ...EMPTY, Clabe: presetClabe ?? '' } });
  const { errors } = form.formState;
  const clabe = useWatch({ control: form.control, name: 'Clabe' }) ?? '';
  const senderClabe = useWatch({ control: form.control, name: 'SenderClabe' }) ?? '';

  const onSubmit = form.handleSubmit(async (v) => {
    const body = toSandboxBody(v);
    try {
      const result = await submitIntent(body, (idempotencyKey) => send.mutateAsync({ body, idempotencyKey }));
      if (!result) return;
      notifications.show({
        color: result.Duplicate ? 'yellow' : 'green',
        message: result.Duplicate ? 'La orden ya se había recibido.' : 'SPEI de prueba abonado.',
      });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, FIELDS);
    }
  });

  const found: BusinessOption[] = (businesses.data?.Records ?? []).map((b) => ({
    value: b.Id,
    label: `${b.Name} · ${b.AccountNumber}`,
    clabe: b.AccountNumber,
  }));
  const businessOptions = chosen && !found.some((b) => b.value === chosen.value) ? [chosen, ...found] : found;
  const bankOptions = (banks.data ?? []).map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` }));

  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        Simula una transferencia SPEI entrante del riel de pruebas. Se cobra la comisión por SPEI recibido y su IVA, igual que en una real. Una orden con la
        misma clave de rastreo, el mismo día y el mismo banco ordenante se abona una sola vez.
      </Alert>
      <form onSubmit={onSubmit} noValidate data-testid="form-sandbox-incoming">
        <Stack gap="md">
          {send.isError ? <ErrorAlert error={send.error} title="No fue posible enviar el SPEI de prueba" /> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {presetClabe ? null : (
              <Select
                label="Empresa"
                placeholder="Busca por nombre o número de cliente"
                searchable
                clearable
                searchValue={businessSearch}
                onSearchChange={setBusinessSearch}
                nothingFoundMessage={businesses.isFetching ? 'Buscando…' : 'Sin empresas que coincidan'}
                data={businessOptions.map(({ value, label }) => ({ value, label }))}
                value={chosen?.value ?? null}
                onChange={(id) => {
                  const option = businessOptions.find((b) => b.value === id) ?? null;
                  setChosen(option);
                  if (option) form.setValue('Clabe', option.clabe, { shouldValidate: true, shouldDirty: true });
                }}
                filter={({ options }) => options}
              />
            )}
            <TextInput
              label="CLABE de la empresa"
              {...REQUIRED_MARK}
              readOnly={!!presetClabe}
              {...MONO_INPUT}
              inputMode="numeric"
              inputWrapperOrder={WRAPPER_ORDER}
              description={institutionOf(clabe) ? `Banco: ${institutionOf(clabe)}` : 'La CLABE que recibe el depósito'}
              error={errors.Clabe?.message}
              {...form.register('Clabe')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Controller
              control={form.control}
              name="SenderBank"
              render={({ field, fieldState }) => (
                <Select
                  label="Banco ordenante"
                  searchable
                  data={bankOptions}
                  value={senderClabe.trim() ? senderClabe.replace(/\s+/g, '').slice(0, 3) : field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  disabled={senderClabe.trim() !== ''}
                  inputWrapperOrder={WRAPPER_ORDER}
                  description={senderClabe.trim() ? 'Se toma de la CLABE del ordenante' : undefined}
                  nothingFoundMessage="Sin bancos que coincidan"
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextInput
              label="CLABE del ordenante"
              {...MONO_INPUT}
              inputMode="numeric"
              inputWrapperOrder={WRAPPER_ORDER}
              description="Opcional; si la dejas vacía se usa una cuenta de prueba del banco"
              error={errors.SenderClabe?.message}
              {...form.register('SenderClabe')}
            />
            <TextInput label="Nombre del ordenante" {...REQUIRED_MARK} error={errors.SenderName?.message} {...form.register('SenderName')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <MoneyField form={form} name="Amount" label="Monto" required />
            <TextInput label="Concepto" {...REQUIRED_MARK} error={errors.Concept?.message} {...form.register('Concept')} />
            <TextInput
              label="Referencia numérica"
              inputMode="numeric"
              inputWrapperOrder={WRAPPER_ORDER}
              description="Opcional, de 1 a 7 dígitos"
              error={errors.Reference?.message}
              {...form.register('Reference')}
            />
            <TextInput
              label="Clave de rastreo"
              {...MONO_INPUT}
              inputWrapperOrder={WRAPPER_ORDER}
              description="Opcional; se genera si la dejas vacía"
              error={errors.TrackingKey?.message}
              {...form.register('TrackingKey')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending || form.formState.isSubmitting}>
              Enviar SPEI de prueba
            </Button>
          </Group>
        </Stack>
      </form>
      {send.data ? <Result m={send.data.Movement} duplicate={send.data.Duplicate} /> : null}
    </Stack>
  );
}
