import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_TIMEOUT_MS, CardAuthEndpointRequest } from '@far/contracts';
import { Button, Checkbox, Group, Loader, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCreditCard, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { REQUIRED_MARK } from '../../components/required-mark';
import { useCan } from '../../lib/api/get-menu-permissions';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { notifyActionFailed } from '../../lib/notify';
import { useCardAuthEndpoint, useRemoveCardAuthEndpoint, useSaveCardAuthEndpoint } from './api/card-authorization';
import { SecretAlert } from './webhooks-section';

type Values = z.input<typeof CardAuthEndpointRequest>;
const DEFAULT_OPTIONS = [
  { value: 'decline', label: 'Rechazar la compra' },
  { value: 'approve', label: 'Aprobar la compra' },
];
const EMPTY: Values = { Url: '', TimeoutMs: AUTH_TIMEOUT_MS.default, Default: 'decline', AllowLoopback: false };
/** The business reads «tu sistema»; staff read about the business's. */
const WORDING = {
  own: { system: 'a tu sistema', unanswered: 'Si tu sistema no responde' },
  staff: { system: 'al sistema de la empresa', unanswered: 'Si el sistema de la empresa no responde' },
};

/**
 * The endpoint that approves or declines each card purchase in real time (issue 28 §2): a business
 * in /profile, staff for a business (`businessId`) in its «Tarjetas» tab. Signed like the webhooks;
 * on a time-out or failure the chosen default applies. Editing follows the server's grants: Mi
 * perfil Editar for a business, Cuentas Business Editar for staff.
 */
export function CardAuthSection({ businessId }: { businessId?: string }) {
  const staff = businessId !== undefined;
  const canEdit = useCan(staff ? '/user/business' : '/profile', 'Editar');
  const words = WORDING[staff ? 'staff' : 'own'];
  const current = useCardAuthEndpoint(businessId);
  const save = useSaveCardAuthEndpoint(businessId);
  const remove = useRemoveCardAuthEndpoint(businessId);
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<Values>({ ...FORM_SETTINGS, resolver: zodResolver(CardAuthEndpointRequest), defaultValues: EMPTY });
  const { errors } = form.formState;
  const saved = current.data;
  // What the server holds fills the form when it changes (a save, a removal). The form is hidden
  // until the first answer, so that answer never wipes what a person typed.
  useEffect(() => {
    form.reset(saved ? { Url: saved.Url, TimeoutMs: saved.TimeoutMs, Default: saved.Default, AllowLoopback: saved.AllowLoopback } : EMPTY);
  }, [saved, form]);
  const onSubmit = form.handleSubmit(async ({ AllowLoopback, ...values }) => {
    try {
      // Only staff set the loopback permission; a business's save keeps what staff chose.
      const answer = await save.mutateAsync(staff ? { ...values, AllowLoopback } : values);
      if (answer.Secret) setSecret(answer.Secret);
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Url', 'TimeoutMs', 'Default', 'AllowLoopback']);
    }
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} mt="lg" data-testid="card-auth-section">
      <Title order={2} fz="lg">
        Autorización de compras en tiempo real
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Cuando una compra con tarjeta pasa el saldo, los límites y los controles, enviamos {words.system} un JSON firmado como los webhooks (monto, comercio,
        MCC, país, canal, tarjeta enmascarada) y esperamos {'{ "approved": true | false, "reason": "…" }'}. Si no responde a tiempo o responde con error,
        aplicamos la decisión predeterminada.
      </Text>
      {secret ? <SecretAlert secret={secret} onClose={() => setSecret(null)} testId="card-auth-secret" /> : null}
      {current.isPending ? <Loader size="sm" aria-label="Cargando la autorización en tiempo real" /> : null}
      {current.isError ? (
        <ErrorAlert error={current.error} title="No se pudo leer la autorización en tiempo real" onRetry={() => void current.refetch()} />
      ) : null}
      <form hidden={!current.isSuccess} onSubmit={onSubmit} noValidate data-testid="card-auth-form">
        <Stack gap="sm" maw={640}>
          <TextInput
            label="URL de autorización (https://)"
            {...REQUIRED_MARK}
            placeholder="https://mi-sistema.mx/far/autorizaciones"
            readOnly={!canEdit}
            {...form.register('Url')}
            error={errors.Url?.message}
          />
          <Controller
            control={form.control}
            name="TimeoutMs"
            render={({ field }) => (
              <NumberInput
                label="Tiempo de espera (ms)"
                description={`De ${AUTH_TIMEOUT_MS.min} a ${AUTH_TIMEOUT_MS.max} ms`}
                min={AUTH_TIMEOUT_MS.min}
                max={AUTH_TIMEOUT_MS.max}
                step={100}
                allowDecimal={false}
                clampBehavior="none"
                readOnly={!canEdit}
                value={field.value as number}
                onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
                error={errors.TimeoutMs?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="Default"
            render={({ field }) => (
              <Select
                label={words.unanswered}
                data={DEFAULT_OPTIONS}
                allowDeselect={false}
                readOnly={!canEdit}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'decline')}
                error={errors.Default?.message}
              />
            )}
          />
          {staff ? (
            <Checkbox
              label="Permitir http:// a una dirección local (pruebas; en producción no se permite)"
              disabled={!canEdit}
              {...form.register('AllowLoopback')}
              error={errors.AllowLoopback?.message}
            />
          ) : null}
          {canEdit ? (
            <Group gap="sm">
              <Button type="submit" leftSection={<IconCreditCard size={16} />} loading={save.isPending}>
                Guardar
              </Button>
              {saved ? (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} />}
                  onClick={() =>
                    openConfirmDialog({
                      title: 'Quitar autorización en tiempo real',
                      message: `¿Quitar ${saved.Url}? Las compras se decidirán solo con el saldo, los límites y los controles.`,
                      danger: true,
                      confirmLabel: 'Quitar',
                      onConfirm: () => remove.mutate(undefined, { onError: notifyActionFailed }),
                    })
                  }
                >
                  Quitar
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
