import type { GlobalSpeiConfig } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { MoneyField } from '../../components/money-input';
import { REQUIRED_MARK } from '../../components/required-mark';
import { DateText } from '../../components/value-text';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { centsToApi } from '../../lib/money';
import { useUpdateGlobalSpeiConfig } from './api/update-global-spei-config';
import { commissionInput, percentInput } from './spei-fields';

const schema = z.object({
  CommissionSpeiInGlobal: percentInput,
  EnableSpeiOutGlobal: z.boolean(),
  CommissionSpeiOutTransaction: commissionInput,
  CommissionDepositCardholder: commissionInput,
});
type FormInput = z.input<typeof schema>;
type FormValues = z.output<typeof schema>;
const FIELDS = ['CommissionSpeiInGlobal', 'EnableSpeiOutGlobal', 'CommissionSpeiOutTransaction', 'CommissionDepositCardholder'] as const;

/** The provider-wide SPEI configuration: what applies to every business without values of its own. */
export function GlobalConfigForm({ config, readOnly }: { config: GlobalSpeiConfig; readOnly: boolean }) {
  const save = useUpdateGlobalSpeiConfig();
  const form = useForm<FormInput, unknown, FormValues>({
    ...FORM_SETTINGS,
    resolver: zodResolver(schema),
    defaultValues: {
      CommissionSpeiInGlobal: config.CommissionSpeiInGlobal,
      EnableSpeiOutGlobal: config.EnableSpeiOutGlobal,
      CommissionSpeiOutTransaction: config.CommissionSpeiOutTransaction,
      CommissionDepositCardholder: config.CommissionDepositCardholder,
    },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const saved = await save.mutateAsync({
        CommissionSpeiInGlobal: v.CommissionSpeiInGlobal,
        EnableSpeiOutGlobal: v.EnableSpeiOutGlobal,
        CommissionSpeiOutTransaction: centsToApi(v.CommissionSpeiOutTransaction),
        CommissionDepositCardholder: centsToApi(v.CommissionDepositCardholder),
      });
      form.reset({
        CommissionSpeiInGlobal: saved.CommissionSpeiInGlobal,
        EnableSpeiOutGlobal: saved.EnableSpeiOutGlobal,
        CommissionSpeiOutTransaction: saved.CommissionSpeiOutTransaction,
        CommissionDepositCardholder: saved.CommissionDepositCardholder,
      });
      notifications.show({ color: 'green', message: 'La configuración SPEI global se guardó.' });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, FIELDS);
    }
  });

  const ro = readOnly ? { readOnly: true, variant: 'filled' as const } : REQUIRED_MARK;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-global-spei-config">
      <Stack gap="md">
        {save.isError ? <ErrorAlert error={save.error} title="No fue posible guardar la configuración" /> : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Comisión por SPEI recibido"
            {...ro}
            rightSection="%"
            inputMode="decimal"
            description="Porcentaje del monto recibido"
            error={errors.CommissionSpeiInGlobal?.message}
            {...form.register('CommissionSpeiInGlobal')}
          />
          <MoneyField form={form} name="CommissionSpeiOutTransaction" label="Comisión por SPEI enviado" {...ro} description="Monto fijo por transferencia" />
          <MoneyField
            form={form}
            name="CommissionDepositCardholder"
            label="Comisión por depósito a tarjetahabiente"
            {...ro}
            description="Monto fijo por depósito"
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="EnableSpeiOutGlobal"
          render={({ field }) => (
            <Switch
              label="Envío SPEI habilitado para todas las empresas"
              description="Apagado, ninguna empresa puede enviar transferencias, aunque tenga configuración propia."
              checked={field.value}
              disabled={readOnly}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Text size="xs" c="dimmed">
          A cada comisión se le suma 16 % de IVA, calculado en centavos y redondeado a la mitad hacia arriba. Última actualización:{' '}
          <DateText value={config.UpdatedAt} withTime inherit />.
        </Text>
        {readOnly ? null : (
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!isDirty}>
              Guardar configuración
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
