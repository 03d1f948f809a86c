import type { TransactionLimit } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../lib/forms';
import { amountForInput, optionalAmountInput, centsToApi } from '../lib/money';
import { REQUIRED } from '../lib/validation';
import { ErrorAlert } from './error-alert';
import { MoneyField } from './money-input';

/** The three amounts of a transaction limit (blank = no limit of that kind), checked against each other like the server does. */
export const limitSchema = z
  .object({
    LimitPerTransaction: z.string(),
    DailyLimit: z.string(),
    MonthlyLimit: z.string(),
    IsEnabled: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const read = (name: 'LimitPerTransaction' | 'DailyLimit' | 'MonthlyLimit'): bigint | null => {
      const r = optionalAmountInput.safeParse(v[name]);
      if (!r.success) {
        ctx.addIssue({ code: 'custom', path: [name], message: r.error.issues[0]?.message ?? REQUIRED });
        return null;
      }
      return r.data;
    };
    const per = read('LimitPerTransaction');
    const day = read('DailyLimit');
    const month = read('MonthlyLimit');
    if (per !== null && day !== null && day < per)
      ctx.addIssue({ code: 'custom', path: ['DailyLimit'], message: 'El límite diario no puede ser menor que el límite por operación' });
    if (day !== null && month !== null && month < day)
      ctx.addIssue({ code: 'custom', path: ['MonthlyLimit'], message: 'El límite mensual no puede ser menor que el límite diario' });
    else if (per !== null && month !== null && month < per)
      ctx.addIssue({ code: 'custom', path: ['MonthlyLimit'], message: 'El límite mensual no puede ser menor que el límite por operación' });
  });
export type LimitValues = z.infer<typeof limitSchema>;

const FIELDS = ['LimitPerTransaction', 'DailyLimit', 'MonthlyLimit', 'IsEnabled'] as const;

const toApi = (text: string): string | null => {
  const r = optionalAmountInput.safeParse(text);
  return r.success && r.data !== null ? centsToApi(r.data) : null;
};

/** The amounts and switch of a limit as sent to limit/action/upsert (the caller adds its scope). */
export interface LimitAmounts {
  LimitPerTransaction: string | null;
  DailyLimit: string | null;
  MonthlyLimit: string | null;
  IsEnabled: boolean;
}

interface LimitFormProps {
  limit: TransactionLimit | null;
  readOnly: boolean;
  testId: string;
  /** Saves through the caller's mutation (its scope: global, a business, a cardholder). */
  onSave: (amounts: LimitAmounts) => Promise<unknown>;
  saving: boolean;
  saveError: unknown;
  /** Shown under the amounts (e.g. the global limit that caps a cardholder's). */
  hint?: string;
}

/**
 * A transaction limit: global (ScopeType 0), a business's own SPEI out, or a cardholder's card
 * limits (ScopeType 1). Blank amounts mean no limit of that kind; days and months count in
 * Mexico City time.
 */
export function LimitForm({ limit, readOnly, testId, onSave, saving, saveError, hint }: LimitFormProps) {
  const form = useForm<LimitValues>({
    ...FORM_SETTINGS,
    resolver: zodResolver(limitSchema),
    defaultValues: {
      LimitPerTransaction: amountForInput(limit?.LimitPerTransaction),
      DailyLimit: amountForInput(limit?.DailyLimit),
      MonthlyLimit: amountForInput(limit?.MonthlyLimit),
      IsEnabled: limit?.IsEnabled ?? true,
    },
  });
  const { isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await onSave({
        LimitPerTransaction: toApi(v.LimitPerTransaction),
        DailyLimit: toApi(v.DailyLimit),
        MonthlyLimit: toApi(v.MonthlyLimit),
        IsEnabled: v.IsEnabled,
      });
      form.reset(v);
      notifications.show({ color: 'green', message: 'El límite se guardó.' });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, FIELDS);
    }
  });

  const amount = (name: 'LimitPerTransaction' | 'DailyLimit' | 'MonthlyLimit', label: string) => (
    <MoneyField form={form} name={name} label={label} placeholder="Sin límite" readOnly={readOnly} />
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap="sm">
        {saveError ? <ErrorAlert error={saveError} title="No fue posible guardar el límite" /> : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {amount('LimitPerTransaction', 'Límite por operación')}
          {amount('DailyLimit', 'Límite diario')}
          {amount('MonthlyLimit', 'Límite mensual')}
        </SimpleGrid>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Controller
            control={form.control}
            name="IsEnabled"
            render={({ field }) => (
              <Switch label="Límite activo" checked={field.value} disabled={readOnly} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
          {readOnly ? null : (
            <Button type="submit" loading={saving} disabled={!isDirty && limit !== null}>
              Guardar límite
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
