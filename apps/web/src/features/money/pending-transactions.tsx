import type { BusinessMovement } from '@far/contracts';
import { ActionIcon, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { DateText, MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { apiCents, newIdempotencyKey } from '../../lib/money';
import { useCancelSpeiOut, type CancelMode } from './api/cancel-spei-out';
import { refreshMoneyFigures } from './api/keys';
import { usePendingTransactions } from './api/list-pending-transactions';
import { Counterparty, ProofButton } from './movement-cells';

const PAGE_SIZE = 10;

const TEXT: Record<CancelMode, { title: string; verb: string; done: string; message: string }> = {
  cancel: {
    title: 'Cancelar transferencia',
    verb: 'Cancelar transferencia',
    done: 'se canceló',
    message: 'queda cancelada y el monto retenido vuelve a tu saldo disponible.',
  },
  remove: {
    title: 'Eliminar transferencia',
    verb: 'Eliminar',
    done: 'se eliminó',
    message: 'se elimina de tus pendientes y el monto retenido vuelve a tu saldo disponible.',
  },
};

/**
 * Transfers not yet settled (pending or sent). The list asks again every few seconds while one is
 * on its way; a pending order not yet sent can be cancelled or removed (with confirmation).
 */
export function PendingTransactions({ canCancel, businessId }: { canCancel: boolean; businessId?: string }) {
  const [page, setPage] = useState(1);
  const pending = usePendingTransactions({ BusinessId: businessId, Page: page, Size: PAGE_SIZE });
  const cancel = useCancelSpeiOut();
  const queryClient = useQueryClient();
  // When an order changes status or leaves the list (settled, returned), the balance and the movements change too.
  const signature = (pending.data?.Records ?? []).map((r) => `${r.Id}:${r.StatusBusinessMovement}`).join(',');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!pending.isSuccess) return;
    if (seen.current !== null && seen.current !== signature) refreshMoneyFigures(queryClient);
    seen.current = signature;
  }, [signature, pending.isSuccess, queryClient]);

  const ask = (m: BusinessMovement, mode: CancelMode) => {
    const t = TEXT[mode];
    openConfirmDialog({
      title: t.title,
      message: (
        <Text size="sm">
          La transferencia a <b>{m.Beneficiary.Name ?? 'el beneficiario'}</b> por <MoneyText cents={apiCents(m.TotalAmount)} fw={600} inherit /> {t.message}
        </Text>
      ),
      confirmLabel: t.verb,
      cancelLabel: 'Conservar',
      danger: true,
      onConfirm: () =>
        cancel.mutate(
          { mode, id: m.Id, idempotencyKey: newIdempotencyKey() },
          {
            onSuccess: () => notifications.show({ color: 'green', message: `La transferencia ${t.done}.` }),
            onError: (e) => notifications.show({ color: 'red', title: 'No se aplicó el cambio', message: errorText(e) }),
          },
        ),
    });
  };

  const columns: Column<BusinessMovement>[] = [
    {
      key: 'date',
      header: 'Registrada',
      stack: 'date',
      render: (m) => (
        <Stack gap={0}>
          <DateText size="sm" value={m.MovementDate} withTime />
          {m.PaymentDay && m.StatusBusinessMovement === 0 ? (
            <Text size="xs" c="dimmed">
              Se envía el <DateText value={m.PaymentDay} inherit />
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'to', header: 'Beneficiario', stack: 'title', render: (m) => <Counterparty m={m} /> },
    {
      key: 'concept',
      header: 'Concepto',
      render: (m) => (
        <Stack gap={0}>
          <Text size="sm">{m.Concept}</Text>
          <Text size="xs" c="dimmed">
            Ref. {m.Reference}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'key',
      header: 'Clave de rastreo',
      render: (m) => (
        <Text size="xs" className="tabular">
          {m.TrackingKey}
        </Text>
      ),
    },
    { key: 'total', header: 'Total retenido', align: 'right', stack: 'amount', render: (m) => <MoneyText size="sm" cents={apiCents(m.TotalAmount)} /> },
    { key: 'status', header: 'Estatus', stack: 'status', render: (m) => <MovementStatusBadge status={m.StatusBusinessMovement} /> },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (m) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ProofButton m={m} />
          {canCancel && m.CanCancel ? (
            <>
              <Tooltip label="Cancelar">
                <ActionIcon
                  variant="subtle"
                  color="orange"
                  aria-label={`Cancelar transferencia ${m.TrackingKey ?? ''}`.trim()}
                  onClick={() => ask(m, 'cancel')}
                >
                  <IconBan size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Eliminar">
                <ActionIcon variant="subtle" color="red" aria-label={`Eliminar transferencia ${m.TrackingKey ?? ''}`.trim()} onClick={() => ask(m, 'remove')}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
        </Group>
      ),
    },
  ];

  const data = pending.data;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} fz="md">
          Transferencias en curso
        </Title>
        <Text size="xs" c="dimmed">
          Se actualizan solas hasta que se liquidan o se devuelven.
        </Text>
      </Group>
      <DataTable
        testId="pending-transactions"
        columns={columns}
        rows={data?.Records}
        getRowId={(m) => m.Id}
        loading={pending.isFetching && !data}
        error={pending.isError ? pending.error : undefined}
        onRetry={() => void pending.refetch()}
        emptyText="No tienes transferencias en curso"
        paging={
          data && data.TotalRecords > PAGE_SIZE ? { page: data.Page, totalPages: data.TotalPages, total: data.TotalRecords, onPageChange: setPage } : undefined
        }
      />
    </Stack>
  );
}
