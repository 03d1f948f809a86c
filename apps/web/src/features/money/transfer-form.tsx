import { BeneficiaryNameField, CLABE_LENGTH, ConceptField, NumericReferenceField, type ClabeAccount } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { DayInput } from '../../components/day-input';
import { REQUIRED_MARK } from '../../components/required-mark';
import { MONEY_HINT, MoneyField } from '../../components/money-input';
import { todayIso } from '../../lib/format';
import { FORM_SETTINGS } from '../../lib/forms';
import { amountInput, centsToApi } from '../../lib/money';
import { REQUIRED } from '../../lib/validation';
import { institutionOf } from './clabe-account-form';
import { clabeInput } from './spei-fields';
import { MONO_INPUT, WRAPPER_ORDER } from './ui';

/** Tomorrow in Mexico City (the first day a transfer can be scheduled for). */
function tomorrowIso(): string {
  const [y, m, d] = todayIso().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export const CHOOSE_ACCOUNT = 'Elige una cuenta registrada';

/** The controls hold text; every rule is checked in one pass so an invalid submit shows every message. */
export const transferSchema = z
  .object({
    mode: z.enum(['account', 'clabe']),
    ClabeAccountId: z.string(),
    Clabe: z.string(),
    BeneficiaryName: z.string(),
    Amount: z.string(),
    Concept: z.string(),
    Reference: z.string(),
    /** '' (send now) or a future day, YYYY-MM-DD in Mexico City. */
    PaymentDay: z.string(),
  })
  .superRefine((v, ctx) => {
    const check = (schema: z.ZodType, value: string, path: string) => {
      const result = schema.safeParse(value);
      if (!result.success) ctx.addIssue({ code: 'custom', path: [path], message: result.error.issues[0]?.message ?? REQUIRED });
    };
    if (v.mode === 'account') {
      if (!v.ClabeAccountId) ctx.addIssue({ code: 'custom', path: ['ClabeAccountId'], message: CHOOSE_ACCOUNT });
    } else {
      check(clabeInput, v.Clabe, 'Clabe');
      check(BeneficiaryNameField, v.BeneficiaryName, 'BeneficiaryName');
    }
    check(amountInput, v.Amount, 'Amount');
    check(ConceptField, v.Concept, 'Concept');
    check(NumericReferenceField, v.Reference, 'Reference');
    if (v.PaymentDay !== '' && !(v.PaymentDay > todayIso())) ctx.addIssue({ code: 'custom', path: ['PaymentDay'], message: PAYMENT_DAY_MESSAGE });
  });
export type TransferValues = z.infer<typeof transferSchema>;

/** Today or a past day is refused beside the control, in Spanish with the spec's words (§8 sample). */
export const PAYMENT_DAY_MESSAGE = 'La fecha de pago debe ser futura (The payment day needs to be a future date)';

export const EMPTY_TRANSFER: TransferValues = {
  mode: 'account',
  ClabeAccountId: '',
  Clabe: '',
  BeneficiaryName: '',
  Amount: '',
  Concept: '',
  Reference: '',
  PaymentDay: '',
};

/** A transfer ready for the preview: where it goes and what it carries. */
export interface TransferDraft {
  values: TransferValues;
  destination: { kind: 'account'; account: ClabeAccount } | { kind: 'clabe'; clabe: string };
  beneficiaryName: string;
  clabe: string;
  bankName: string;
  amountCents: bigint;
  /** '1234.50', as the API takes it. */
  amount: string;
  concept: string;
  reference: string;
  /** A future day to send it (it stays pending, and cancellable, until then); null: now. */
  paymentDay: string | null;
}

export function toDraft(values: TransferValues, accounts: ClabeAccount[]): TransferDraft | null {
  const amount = amountInput.safeParse(values.Amount);
  if (!amount.success) return null;
  const common = {
    values,
    amountCents: amount.data,
    amount: centsToApi(amount.data),
    concept: values.Concept.trim(),
    reference: values.Reference.trim(),
    paymentDay: values.PaymentDay || null,
  };
  if (values.mode === 'account') {
    const account = accounts.find((a) => a.Id === values.ClabeAccountId);
    if (!account) return null;
    return {
      ...common,
      destination: { kind: 'account', account },
      beneficiaryName: account.AccountHolderName,
      clabe: account.Clabe,
      bankName: account.NameFinancialInstitution,
    };
  }
  const clabe = values.Clabe.replace(/\s+/g, '');
  return { ...common, destination: { kind: 'clabe', clabe }, beneficiaryName: values.BeneficiaryName.trim(), clabe, bankName: institutionOf(clabe) };
}

const accountLabel = (a: ClabeAccount) => `${a.Alias} · ${a.NameFinancialInstitution} · ****${a.Clabe.slice(-4)}`;

interface Props {
  accounts: ClabeAccount[];
  accountsLoading?: boolean;
  initial?: TransferValues;
  busy?: boolean;
  onContinue: (draft: TransferDraft) => void;
}

/** Step 1 of a SPEI transfer: destination, amount, concept and numeric reference. */
export function TransferForm({ accounts, accountsLoading = false, initial = EMPTY_TRANSFER, busy = false, onContinue }: Props) {
  const form = useForm<TransferValues>({ ...FORM_SETTINGS, resolver: zodResolver(transferSchema), defaultValues: initial });
  const { errors } = form.formState;
  const mode = useWatch({ control: form.control, name: 'mode' });
  const clabe = useWatch({ control: form.control, name: 'Clabe' }) ?? '';
  const accountId = useWatch({ control: form.control, name: 'ClabeAccountId' });
  const chosen = accounts.find((a) => a.Id === accountId);
  const bank = institutionOf(clabe);

  const onSubmit = form.handleSubmit((values) => {
    const draft = toDraft(values, accounts);
    if (draft) onContinue(draft);
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-transfer">
      <Stack gap="md">
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <SegmentedControl
              aria-label="Destino"
              maw={420}
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                form.clearErrors(['ClabeAccountId', 'Clabe', 'BeneficiaryName']);
              }}
              data={[
                { value: 'account', label: 'Cuenta registrada' },
                { value: 'clabe', label: 'Otra CLABE' },
              ]}
            />
          )}
        />
        {mode === 'account' ? (
          <Controller
            control={form.control}
            name="ClabeAccountId"
            render={({ field, fieldState }) => (
              <Select
                label="Cuenta registrada"
                {...REQUIRED_MARK}
                placeholder={accountsLoading ? 'Cargando cuentas…' : accounts.length === 0 ? 'No tienes cuentas registradas' : 'Elige una cuenta'}
                searchable
                nothingFoundMessage="Sin cuentas que coincidan"
                data={accounts.map((a) => ({ value: a.Id, label: accountLabel(a) }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                description={
                  chosen ? (
                    <>
                      {chosen.AccountHolderName} · CLABE{' '}
                      <Text span className="tabular" inherit>
                        {chosen.Clabe}
                      </Text>
                    </>
                  ) : accounts.length === 0 && !accountsLoading ? (
                    <>
                      Registra una cuenta en{' '}
                      <Anchor component={Link} to="/account" inherit>
                        Alta de cuentas
                      </Anchor>{' '}
                      o escribe una CLABE.
                    </>
                  ) : undefined
                }
                maw={620}
              />
            )}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="CLABE del beneficiario"
              {...REQUIRED_MARK}
              inputMode="numeric"
              {...MONO_INPUT}
              maxLength={CLABE_LENGTH + 4}
              description={bank ? `Banco: ${bank}` : '18 dígitos'}
              inputWrapperOrder={WRAPPER_ORDER}
              error={errors.Clabe?.message}
              {...form.register('Clabe', {
                onChange: (e: { target: { value: string } }) => {
                  if (e.target.value.replace(/\s+/g, '').length >= CLABE_LENGTH || form.getFieldState('Clabe').isTouched) void form.trigger('Clabe');
                },
              })}
            />
            <TextInput
              label="Nombre del beneficiario"
              {...REQUIRED_MARK}
              description="Máximo 39 caracteres"
              inputWrapperOrder={WRAPPER_ORDER}
              error={errors.BeneficiaryName?.message}
              {...form.register('BeneficiaryName')}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MoneyField form={form} name="Amount" label="Monto" required description={MONEY_HINT} inputWrapperOrder={WRAPPER_ORDER} />
          <TextInput
            label="Concepto"
            {...REQUIRED_MARK}
            description="Máximo 39 caracteres: letras sin acentos, números y espacios"
            inputWrapperOrder={WRAPPER_ORDER}
            error={errors.Concept?.message}
            {...form.register('Concept')}
          />
          <TextInput
            label="Referencia numérica"
            {...REQUIRED_MARK}
            inputMode="numeric"
            description="De 1 a 7 dígitos"
            inputWrapperOrder={WRAPPER_ORDER}
            error={errors.Reference?.message}
            {...form.register('Reference')}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="PaymentDay"
          render={({ field, fieldState }) => (
            <DayInput
              label="Fecha de envío"
              description="Opcional: déjala vacía para enviarla al confirmar, o prográmala para un día futuro (hasta entonces podrás cancelarla)"
              inputWrapperOrder={WRAPPER_ORDER}
              clearable
              // Past days are greyed in the calendar but not blocked with minDate: Mantine drops a typed
              // day before minDate silently, and the spec wants it refused beside the field.
              excludeDate={(day) => day < tomorrowIso()}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              maw={420}
            />
          )}
        />
        <Group>
          <Button type="submit" rightSection={<IconArrowRight size={18} />} loading={busy}>
            Continuar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
