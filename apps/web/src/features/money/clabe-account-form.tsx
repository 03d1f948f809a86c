import { BeneficiaryNameField, CLABE_LENGTH, SPEI_MESSAGES, bankByClabePrefix, validateRfc, type ClabeAccount } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { HolderConfirm } from '../../components/holder-confirm';
import { REQUIRED_MARK } from '../../components/required-mark';
import { MoneyField } from '../../components/money-input';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { amountForInput, centsToApi, optionalAmountInput } from '../../lib/money';
import { REQUIRED } from '../../lib/validation';
import { useCreateClabeAccount } from './api/create-clabe-account';
import { useEditClabeAccount } from './api/edit-clabe-account';
import { useAccountTypes } from './api/list-account-types';
import { USAGE_SCOPE_LABELS } from './labels';
import { clabeInput } from './spei-fields';
import { MONO_INPUT, WRAPPER_ORDER } from './ui';

export const USAGE_SCOPES = ['ALL', 'TRANSFER', 'DISPERSION'] as const;

const rfcInput = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .superRefine((v, ctx) => {
    if (v === '') return;
    const [first] = validateRfc(v).errors;
    if (first) ctx.addIssue({ code: 'custom', message: first.message });
  });

const schema = z.object({
  Alias: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(40, SPEI_MESSAGES.alias),
  AccountHolderName: BeneficiaryNameField,
  Clabe: clabeInput,
  RFC: rfcInput,
  ClabeUsageScope: z.enum(USAGE_SCOPES, { message: REQUIRED }),
  DailyTransferLimit: optionalAmountInput,
  AccountTypeId: z.string({ message: REQUIRED }).min(1, REQUIRED).transform(Number),
});
type FormInput = z.input<typeof schema>;
type FormValues = z.output<typeof schema>;

const FIELDS = ['Alias', 'AccountHolderName', 'Clabe', 'RFC', 'ClabeUsageScope', 'DailyTransferLimit', 'AccountTypeId'] as const;

/** The bank a (partial) CLABE names, from its first three digits; '' while fewer are typed. */
export function institutionOf(clabe: string): string {
  const digits = clabe.replace(/\s+/g, '');
  if (!/^\d{3}/.test(digits)) return '';
  return bankByClabePrefix(digits)?.name ?? '';
}

interface Props {
  /** Without an account: register a new one. */
  account?: ClabeAccount;
  /** Staff registering for a business. */
  businessId?: string;
  onDone: (account: ClabeAccount) => void;
  onCancel: () => void;
}

/**
 * Alta / edición de una cuenta CLABE (spec §3 CLABE account). The CLABE is checked as it is typed
 * (18 digits, check digit, known bank) and the institution is filled in from its first three
 * digits; a registered CLABE cannot change (deactivate it and register another).
 */
export function ClabeAccountForm({ account, businessId, onDone, onCancel }: Props) {
  const create = useCreateClabeAccount();
  const edit = useEditClabeAccount();
  const types = useAccountTypes();
  const mutation = account ? edit : create;

  const form = useForm<FormInput, unknown, FormValues>({
    ...FORM_SETTINGS,
    resolver: zodResolver(schema),
    defaultValues: account
      ? {
          Alias: account.Alias,
          AccountHolderName: account.AccountHolderName,
          Clabe: account.Clabe,
          RFC: account.RFC ?? '',
          ClabeUsageScope: account.ClabeUsageScope,
          DailyTransferLimit: amountForInput(account.DailyTransferLimit),
          AccountTypeId: String(account.AccountTypeId),
        }
      : { Alias: '', AccountHolderName: '', Clabe: '', RFC: '', ClabeUsageScope: 'ALL', DailyTransferLimit: '', AccountTypeId: '40' },
  });
  const { errors } = form.formState;
  const clabe = useWatch({ control: form.control, name: 'Clabe' }) ?? '';
  const institution = account ? account.NameFinancialInstitution : institutionOf(clabe);
  const prefixUnknown = !account && /^\d{3}/.test(clabe.replace(/\s+/g, '')) && institution === '';

  // The rail's holder check refused a CLABE held by someone else: registering it needs a confirmation.
  const [confirmHolder, setConfirmHolder] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    const limit = values.DailyTransferLimit === null ? null : centsToApi(values.DailyTransferLimit);
    try {
      const saved = account
        ? await edit.mutateAsync({
            Id: account.Id,
            Alias: values.Alias,
            AccountHolderName: values.AccountHolderName,
            RFC: values.RFC === '' ? null : values.RFC,
            ClabeUsageScope: values.ClabeUsageScope,
            DailyTransferLimit: limit,
          })
        : await create.mutateAsync({
            BusinessId: businessId,
            Alias: values.Alias,
            AccountHolderName: values.AccountHolderName,
            Clabe: values.Clabe,
            RFC: values.RFC === '' ? undefined : values.RFC,
            ClabeUsageScope: values.ClabeUsageScope,
            DailyTransferLimit: limit,
            AccountTypeId: values.AccountTypeId,
            ConfirmHolder: confirmHolder || undefined,
          });
      notifications.show({ color: 'green', message: account ? `La cuenta «${saved.Alias}» se actualizó.` : `La cuenta «${saved.Alias}» se registró.` });
      onDone(saved);
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, FIELDS);
    }
  });

  const typeOptions = (types.data ?? [{ key: 40, description: 'CLABE', active: true }]).map((t) => ({
    value: String(t.key),
    label: t.active ? t.description : `${t.description} (próximamente)`,
    disabled: !t.active,
  }));

  return (
    <form onSubmit={onSubmit} noValidate data-testid={account ? 'form-clabe-account-edit' : 'form-clabe-account-create'}>
      <Stack gap="md">
        {mutation.isError ? <ErrorAlert error={mutation.error} title="No fue posible guardar la cuenta" /> : null}
        {account ? null : <HolderConfirm error={create.error} checked={confirmHolder} onChange={setConfirmHolder} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Alias"
            {...REQUIRED_MARK}
            maxLength={40}
            placeholder="Proveedor de papelería"
            error={errors.Alias?.message}
            {...form.register('Alias')}
          />
          <TextInput
            label="Nombre del titular"
            {...REQUIRED_MARK}
            maxLength={39}
            inputWrapperOrder={WRAPPER_ORDER}
            description="Como aparece en el banco, máximo 39 caracteres"
            error={errors.AccountHolderName?.message}
            {...form.register('AccountHolderName')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="CLABE"
            {...(account ? {} : REQUIRED_MARK)}
            inputMode="numeric"
            maxLength={CLABE_LENGTH + 4}
            {...MONO_INPUT}
            readOnly={Boolean(account)}
            variant={account ? 'filled' : 'default'}
            inputWrapperOrder={WRAPPER_ORDER}
            description={account ? 'La CLABE de una cuenta registrada no cambia' : '18 dígitos'}
            error={errors.Clabe?.message}
            {...form.register('Clabe', {
              onChange: (e: { target: { value: string } }) => {
                // Live check: once 18 digits are typed (or after the control was left) say what is wrong.
                if (e.target.value.replace(/\s+/g, '').length >= CLABE_LENGTH || form.getFieldState('Clabe').isTouched) void form.trigger('Clabe');
              },
            })}
          />
          <TextInput
            label="Institución"
            readOnly
            variant="filled"
            value={institution}
            placeholder="Se llena con la CLABE"
            error={prefixUnknown ? 'La CLABE no corresponde a un banco conocido' : undefined}
            data-testid="clabe-institution"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="RFC del titular"
            maxLength={13}
            inputWrapperOrder={WRAPPER_ORDER}
            description="Opcional"
            error={errors.RFC?.message}
            {...form.register('RFC')}
          />
          <MoneyField
            form={form}
            name="DailyTransferLimit"
            label="Límite diario de transferencias"
            placeholder="Sin límite propio"
            inputWrapperOrder={WRAPPER_ORDER}
            description="Opcional; en pesos, con máximo dos decimales"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="ClabeUsageScope"
            render={({ field, fieldState }) => (
              <Select
                label="Uso de la cuenta"
                {...REQUIRED_MARK}
                data={USAGE_SCOPES.map((s) => ({ value: s, label: USAGE_SCOPE_LABELS[s] }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="AccountTypeId"
            render={({ field, fieldState }) => (
              <Select
                label="Tipo de cuenta"
                {...REQUIRED_MARK}
                data={typeOptions}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                allowDeselect={false}
                readOnly={Boolean(account)}
                variant={account ? 'filled' : 'default'}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {account ? 'Guardar cambios' : 'Registrar cuenta'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
