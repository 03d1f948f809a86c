import { zodResolver } from '@hookform/resolvers/zod';
import { WEBHOOK_EVENT_KINDS, WebhookEndpointRequest, notificationKindLabel } from '@far/contracts';
import { Badge, Box, Button, Group, MultiSelect, Pagination, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconRefresh, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { ShownOnce } from '../../components/shown-once';
import { REQUIRED_MARK } from '../../components/required-mark';
import { DateText } from '../../components/value-text';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { notifyActionFailed } from '../../lib/notify';
import { useCreateEndpoint, useDeleteEndpoint, useDeliveries, useEndpoints, useResend, useUpdateEndpoint, type Endpoint } from './api/notification-settings';

type Values = z.input<typeof WebhookEndpointRequest>;
const KIND_OPTIONS = WEBHOOK_EVENT_KINDS.map((k) => ({ value: k, label: notificationKindLabel(k) }));
const STATUS_COLOR = { pendiente: 'yellow', entregado: 'green', fallido: 'red' } as const;
const STATUS_LABEL = { pendiente: 'Pendiente', entregado: 'Entregado', fallido: 'Fallido' } as const;

function NewEndpointForm({ onCreated }: { onCreated: (e: Endpoint) => void }) {
  const create = useCreateEndpoint();
  const form = useForm<Values>({ ...FORM_SETTINGS, resolver: zodResolver(WebhookEndpointRequest), defaultValues: { Url: '', Kinds: [], Description: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync({ ...values, Description: values.Description || undefined }));
      form.reset();
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Url', 'Kinds', 'Description']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="webhook-form">
      <Stack gap="sm" maw={640}>
        <TextInput
          label="URL (https://)"
          {...REQUIRED_MARK}
          placeholder="https://mi-sistema.mx/far/eventos"
          {...form.register('Url')}
          error={errors.Url?.message}
        />
        <Controller
          control={form.control}
          name="Kinds"
          render={({ field }) => (
            <MultiSelect
              label="Eventos"
              {...REQUIRED_MARK}
              placeholder="Elige los eventos"
              data={KIND_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              error={errors.Kinds?.message}
            />
          )}
        />
        <TextInput label="Descripción" maxLength={120} {...form.register('Description')} error={errors.Description?.message} />
        <div>
          <Button type="submit" leftSection={<IconWebhook size={16} />} loading={create.isPending}>
            Registrar endpoint
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function DeliveryLog({ endpoint }: { endpoint: Endpoint }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(endpoint.v_uid, page);
  const resend = useResend();
  const items = deliveries.data?.items ?? [];
  // On a phone each delivery is a card: when, the event and its state on top.
  const columns: Column<(typeof items)[number]>[] = [
    { key: 'date', header: 'Fecha', stack: 'date', render: (d) => <DateText size="sm" value={d.LastAttemptAt ?? d.d_create_at} withTime /> },
    { key: 'event', header: 'Evento', stack: 'title', render: (d) => notificationKindLabel(d.EventType) },
    {
      key: 'status',
      header: 'Estado',
      stack: 'status',
      render: (d) => (
        <Badge color={STATUS_COLOR[d.Status]} variant="light">
          {STATUS_LABEL[d.Status]}
        </Badge>
      ),
    },
    { key: 'answer', header: 'Respuesta', render: (d) => d.LastCode ?? d.LastError ?? '—' },
    { key: 'attempts', header: 'Intentos', render: (d) => d.Attempts },
    {
      key: 'action',
      header: 'Acción',
      render: (d) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={resend.isPending && resend.variables === d.v_uid}
          onClick={() => resend.mutate(d.v_uid, { onError: notifyActionFailed })}
        >
          Reenviar
        </Button>
      ),
    },
  ];
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Aún no hay entregas a este endpoint.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Box component="section" aria-label={`Entregas a ${endpoint.Url}`}>
        <DataTable columns={columns} rows={items} getRowId={(d) => d.v_uid} testId="webhook-deliveries" />
      </Box>
      {(deliveries.data?.pages ?? 1) > 1 ? <Pagination size="sm" total={deliveries.data!.pages} value={page} onChange={setPage} /> : null}
    </Stack>
  );
}

/** A signing secret shown once (webhooks and the card authorisation endpoint). */
export const SecretAlert = ({ secret, onClose, testId }: { secret: string; onClose: () => void; testId: string }) => (
  <ShownOnce value={secret} title="Guarda el secreto de firma: no se volverá a mostrar" onClose={onClose} testId={testId} />
);

/** /profile (business): endpoints of its systems that receive signed events (docs/api.md, Webhooks). */
export function WebhooksSection({ canEdit }: { canEdit: boolean }) {
  const endpoints = useEndpoints();
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const [created, setCreated] = useState<Endpoint | null>(null);
  return (
    <Paper withBorder p="lg" mt="lg" data-testid="webhooks-section">
      <Title order={2} fz="lg">
        Webhooks
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Tus sistemas reciben cada evento como JSON firmado con HMAC-SHA256 en el encabezado X-Far-Signature (t=marca de tiempo, v1=firma de «t.cuerpo»). Rechaza
        firmas de más de 5 minutos.
      </Text>
      {created?.Secret ? <SecretAlert secret={created.Secret} onClose={() => setCreated(null)} testId="webhook-secret" /> : null}
      <Stack gap="lg">
        {(endpoints.data ?? []).map((e) => (
          <Paper key={e.v_uid} withBorder p="md" data-testid="webhook-endpoint">
            <Group justify="space-between" wrap="wrap" mb="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {e.Url}
                </Text>
                <Text size="xs" c="dimmed">
                  {e.Kinds.map(notificationKindLabel).join(' · ')}
                </Text>
              </Stack>
              {canEdit ? (
                <Group gap="sm">
                  <Switch
                    label="Activo"
                    checked={e.IsActive}
                    onChange={(ev) => update.mutate({ id: e.v_uid, IsActive: ev.currentTarget.checked }, { onError: notifyActionFailed })}
                  />
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={14} />}
                    onClick={() =>
                      openConfirmDialog({
                        title: 'Eliminar endpoint',
                        message: `¿Eliminar ${e.Url}? Dejará de recibir eventos.`,
                        danger: true,
                        confirmLabel: 'Eliminar',
                        onConfirm: () => remove.mutate(e.v_uid, { onError: notifyActionFailed }),
                      })
                    }
                  >
                    Eliminar
                  </Button>
                </Group>
              ) : null}
            </Group>
            <DeliveryLog endpoint={e} />
          </Paper>
        ))}
        {canEdit ? <NewEndpointForm onCreated={setCreated} /> : null}
      </Stack>
    </Paper>
  );
}
