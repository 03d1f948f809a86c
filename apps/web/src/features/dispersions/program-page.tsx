import type { AwaitingSpeiOut, BusinessMovement, Dispersion } from '@far/contracts';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { PageHeader } from '../../components/page-header';
import { DateText } from '../../components/value-text';
import { useCan } from '../../lib/api/get-menu-permissions';
import { newIdempotencyKey } from '../../lib/money';
import { useApproveDispersion, useApproveTransfer, useAwaitingTransfers, useCancelTransfer, usePendingDispersions, usePendingTransfers, useRejectDispersion, useRejectTransfer, useRemoveDispersion, useRequestDispersionCode } from './api';
import { DispersionStatusBadge, mx } from './ui';

/**
 * Autorizar (with the checker's own code) or Rechazar an order of another user of the business:
 * a dispersion (code of the 'dispersion' operation) or a single transfer ('spei-out').
 */
function Approve({ id, operation }: { id: string; operation: 'dispersion' | 'spei-out' }) {
  const [code, setCode] = useState('');
  const sendCode = useRequestDispersionCode(operation);
  const approveDispersion = useApproveDispersion();
  const approveTransfer = useApproveTransfer();
  const rejectDispersion = useRejectDispersion();
  const rejectTransfer = useRejectTransfer();
  const [approve, reject] = operation === 'dispersion' ? [approveDispersion, rejectDispersion] : [approveTransfer, rejectTransfer];
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        <TextInput size="xs" w={90} aria-label="Código de seguridad para autorizar" placeholder="Código" maxLength={6} value={code} onChange={(e) => setCode(e.currentTarget.value)} />
        <Button size="compact-xs" variant="light" onClick={() => sendCode.mutate()} loading={sendCode.isPending}>
          Código
        </Button>
        <Button size="compact-xs" disabled={code.length !== 6} loading={approve.isPending} onClick={() => approve.mutate({ id, code, idempotencyKey: newIdempotencyKey() })}>
          Autorizar
        </Button>
        <Button size="compact-xs" color="red" variant="subtle" loading={reject.isPending} onClick={() => reject.mutate(id)}>
          Rechazar
        </Button>
      </Group>
      {approve.isError ? <ErrorAlert error={approve.error} title="No se autorizó" /> : null}
      {reject.isError ? <ErrorAlert error={reject.error} title="No se rechazó" /> : null}
    </Stack>
  );
}

/** Dispersiones programadas (/dispersal/program): dispersions not yet started, and single transfers on their way. */
export function DispersionProgramPage() {
  const [page, setPage] = useState(1);
  const [tPage, setTPage] = useState(1);
  const pending = usePendingDispersions(page);
  const transfers = usePendingTransfers(tPage);
  const [aPage, setAPage] = useState(1);
  const awaiting = useAwaitingTransfers(aPage);
  const remove = useRemoveDispersion();
  const cancel = useCancelTransfer();
  const canRemove = useCan('/dispersal/program', 'Borrar');
  const canCancel = useCan('/dispersal/transfer', 'Borrar');
  const columns: Column<Dispersion>[] = [
    { key: 'day', header: 'Fecha de pago', render: (d) => d.PaymentDay ?? 'Al autorizar' },
    { key: 'file', header: 'Archivo', render: (d) => <Text size="sm">{d.FileName}</Text> },
    { key: 'rows', header: 'Filas', align: 'right', render: (d) => d.TotalRows },
    { key: 'total', header: 'Total', align: 'right', render: (d) => mx(d.TotalImport) },
    { key: 'status', header: 'Estatus', render: (d) => <DispersionStatusBadge status={d.StatusDispersion} /> },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (d) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {d.CanApprove ? <Approve id={d.Id} operation="dispersion" /> : null}
          {d.CanRemove && canRemove ? (
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              aria-label={`Eliminar la dispersión ${d.FileName ?? ''}`}
              onClick={() => openConfirmDialog({ title: 'Eliminar dispersión', message: `Se eliminará ${d.FileName ?? 'la dispersión'} y no se enviará.`, confirmLabel: 'Eliminar', danger: true, onConfirm: () => remove.mutateAsync(d.Id) })}
            >
              Eliminar
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];
  const transferColumns: Column<BusinessMovement>[] = [
    { key: 'date', header: 'Fecha', render: (m) => (m.PaymentDay ? m.PaymentDay : <DateText size="sm" value={m.MovementDate} withTime />) },
    { key: 'to', header: 'Beneficiario', render: (m) => <Text size="sm">{m.Beneficiary.Name}</Text> },
    { key: 'total', header: 'Total', align: 'right', render: (m) => mx(m.TotalAmount) },
    { key: 'status', header: 'Estatus', render: (m) => <MovementStatusBadge status={m.StatusBusinessMovement} /> },
    {
      key: 'cancel',
      header: 'Acciones',
      align: 'right',
      render: (m) =>
        m.CanCancel && canCancel ? (
          <Button size="compact-xs" variant="light" color="red" onClick={() => openConfirmDialog({ title: 'Cancelar transferencia', message: 'La transferencia no se enviará y se libera el saldo retenido.', confirmLabel: 'Cancelar transferencia', danger: true, onConfirm: () => cancel.mutateAsync({ id: m.Id, idempotencyKey: newIdempotencyKey() }) })}>
            Cancelar
          </Button>
        ) : null,
    },
  ];
  const awaitingColumns: Column<AwaitingSpeiOut>[] = [
    { key: 'date', header: 'Registrada', render: (m) => <DateText size="sm" value={m.MovementDate} withTime /> },
    { key: 'by', header: 'Registró', render: (m) => <Text size="sm">{m.CreatedByEmail ?? '—'}</Text> },
    { key: 'to', header: 'Beneficiario', render: (m) => <Text size="sm">{m.Beneficiary.Name}</Text> },
    { key: 'total', header: 'Total', align: 'right', render: (m) => mx(m.TotalAmount) },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (m) =>
        m.CanApprove ? (
          <Approve id={m.Id} operation="spei-out" />
        ) : (
          <Text size="xs" c="dimmed">
            Espera a otro usuario
          </Text>
        ),
    },
  ];
  return (
    <>
      <PageHeader title="Dispersiones programadas" description="Dispersiones y transferencias que esperan su fecha o la autorización de otro usuario, y transferencias en camino." />
      <Stack gap="lg">
        {remove.isError ? <ErrorAlert error={remove.error} title="No fue posible eliminar la dispersión" /> : null}
        <DataTable
          testId="pending-dispersions"
          columns={columns}
          rows={pending.data?.Records}
          getRowId={(d) => d.Id}
          loading={pending.isFetching && !pending.data}
          error={pending.isError ? pending.error : undefined}
          onRetry={() => void pending.refetch()}
          emptyText="No tienes dispersiones programadas"
          paging={pending.data ? { page: pending.data.Page, totalPages: pending.data.TotalPages, total: pending.data.TotalRecords, onPageChange: setPage } : undefined}
        />
        <Title order={2} fz="md">
          Transferencias por autorizar
        </Title>
        <DataTable
          testId="awaiting-transfers"
          columns={awaitingColumns}
          rows={awaiting.data?.Records}
          getRowId={(m) => m.Id}
          loading={awaiting.isFetching && !awaiting.data}
          error={awaiting.isError ? awaiting.error : undefined}
          onRetry={() => void awaiting.refetch()}
          emptyText="No hay transferencias por autorizar"
          paging={awaiting.data ? { page: awaiting.data.Page, totalPages: awaiting.data.TotalPages, total: awaiting.data.TotalRecords, onPageChange: setAPage } : undefined}
        />
        <Title order={2} fz="md">
          Transferencias pendientes
        </Title>
        {cancel.isError ? <ErrorAlert error={cancel.error} title="No fue posible cancelar" /> : null}
        <DataTable
          testId="pending-transfers"
          columns={transferColumns}
          rows={transfers.data?.Records}
          getRowId={(m) => m.Id}
          loading={transfers.isFetching && !transfers.data}
          error={transfers.isError ? transfers.error : undefined}
          onRetry={() => void transfers.refetch()}
          emptyText="No hay transferencias pendientes"
          paging={transfers.data ? { page: transfers.data.Page, totalPages: transfers.data.TotalPages, total: transfers.data.TotalRecords, onPageChange: setTPage } : undefined}
        />
      </Stack>
    </>
  );
}
