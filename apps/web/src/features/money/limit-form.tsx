import type { TransactionLimit } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { ErrorAlert } from '../../components/error-alert';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { amountForInput, optionalAmountInput, centsToApi } from '../../lib/money';
import { useUpsertLimit } from './api/upsert-limit';
import { limitSchema, type LimitValues } from './spei-fields';

const FIELDS = ['LimitPerTransaction', 'DailyLimit', 'MonthlyLimit', 'IsEnabled'] as const;

const toApi = (text: string): string | null => {
  const r = optionalAmountInput.safeParse(text);
  return r.success && r.data !== null ? centsToApi(r.data) : null;
};

/**
 * A SPEI-out transaction limit: global (ScopeType 0) or one business's own (ScopeType 1). Blank
 * amounts mean no limit of that kind; days and months count in Mexico City time.
 */
export function LimitForm({ limit, businessId, readOnly, testId }: { limit: TransactionLimit | null; businessId?: string; readOnly: boolean; testId: string }) {
  const save = useUpsertLimit();
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
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({
        ScopeType: businessId ? 1 : 0,
        BusinessId: businessId,
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
    <TextInput
      label={label}
      inputMode="decimal"
      leftSection="$"
      placeholder="Sin límite"
      readOnly={readOnly}
      variant={readOnly ? 'filled' : 'default'}
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap="sm">
        {save.isError ? <ErrorAlert error={save.error} title="No fue posible guardar el límite" /> : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {amount('LimitPerTransaction', 'Límite por operación')}
          {amount('DailyLimit', 'Límite diario')}
          {amount('MonthlyLimit', 'Límite mensual')}
        </SimpleGrid>
        <Group justify="space-between">
          <Controller
            control={form.control}
            name="IsEnabled"
            render={({ field }) => <Switch label="Límite activo" checked={field.value} disabled={readOnly} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
          />
          {readOnly ? null : (
            <Button type="submit" loading={save.isPending} disabled={!isDirty && limit !== null}>
              Guardar límite
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
