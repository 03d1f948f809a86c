import type { ApprovalConfig } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { MoneyField } from '../../components/money-input';
import { errorText, isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { amountForInput, centsToApi, optionalAmountInput } from '../../lib/money';
import { useDispersionApproval } from './api/get-dispersion-approval';
import { useUpdateDispersionApproval } from './api/update-dispersion-approval';

const approvalSchema = z.object({ Enabled: z.boolean(), ThresholdAmount: optionalAmountInput });
type ApprovalValues = z.input<typeof approvalSchema>;

function ApprovalForm({ businessId, config, canEdit }: { businessId: string; config: ApprovalConfig; canEdit: boolean }) {
  const save = useUpdateDispersionApproval(businessId);
  const form = useForm<ApprovalValues, unknown, z.output<typeof approvalSchema>>({
    ...FORM_SETTINGS,
    resolver: zodResolver(approvalSchema),
    defaultValues: { Enabled: config.Enabled, ThresholdAmount: amountForInput(config.ThresholdAmount) },
  });
  const { isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      // Cents on the client, the API's two-decimal text on the wire; blank = every order needs a second user.
      const saved = await save.mutateAsync({ Enabled: v.Enabled, ThresholdAmount: v.ThresholdAmount === null ? null : centsToApi(v.ThresholdAmount) });
      form.reset({ Enabled: saved.Enabled, ThresholdAmount: amountForInput(saved.ThresholdAmount) });
      notifications.show({ color: 'green', message: 'Se guardó la autorización de un segundo usuario.' });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Enabled', 'ThresholdAmount']);
      notifications.show({ color: 'red', title: 'No se guardó la autorización', message: errorText(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-dispersion-approval">
      <Stack gap="sm" maw={560}>
        <Controller
          control={form.control}
          name="Enabled"
          render={({ field }) => (
            <Switch
              label={field.value ? 'Activa' : 'Inactiva'}
              aria-label="Autorización de un segundo usuario"
              checked={field.value}
              disabled={!canEdit}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <MoneyField
          form={form}
          name="ThresholdAmount"
          label="Monto a partir del cual se requiere autorización"
          description="En pesos (MXN), comisión e IVA incluidos. En blanco: toda dispersión y transferencia la requiere."
          placeholder="Cualquier monto"
          readOnly={!canEdit}
        />
        {canEdit ? (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={save.isPending || !isDirty}>
              Guardar
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * Maker-checker of a business (issue 10), set by staff: when active, a dispersion or a single SPEI
 * out from the threshold up waits until a second user of the same business authorises it.
 */
export function DispersionApprovalTab({ businessId, canEdit }: { businessId: string; canEdit: boolean }) {
  const query = useDispersionApproval(businessId);
  return (
    <Stack gap="md">
      <div>
        <Title order={3} fz="md">
          Autorización de un segundo usuario
        </Title>
        <Text size="sm" c="dimmed">
          Las dispersiones y transferencias SPEI de la empresa a partir del monto indicado esperan a que otro usuario de la misma empresa las autorice.
        </Text>
      </div>
      {query.isPending ? <Skeleton h={120} /> : null}
      {query.isError ? <ErrorAlert error={query.error} title="No fue posible cargar la configuración" onRetry={() => void query.refetch()} /> : null}
      {query.data ? <ApprovalForm businessId={businessId} config={query.data} canEdit={canEdit} /> : null}
    </Stack>
  );
}
