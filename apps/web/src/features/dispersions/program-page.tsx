import type { AwaitingSpeiOut, BusinessMovement, Dispersion } from '@far/contracts';
import { SPEI_MESSAGES } from '@far/contracts';
import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { DayInput } from '../../components/day-input';
import { ErrorAlert } from '../../components/error-alert';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { PageHeader } from '../../components/page-header';
import { DateText } from '../../components/value-text';
import { useCan } from '../../lib/api/get-menu-permissions';
import { todayIso } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/money';
import {
  useApproveDispersion,
  useApproveTransfer,
  useAwaitingTransfers,
  useCancelTransfer,
  useEditDispersion,
  usePendingDispersions,
  usePendingTransfers,
  useRejectDispersion,
  useRejectTransfer,
  useRemoveDispersion,
  useRequestDispersionCode,
} from './api';
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
        <TextInput
          size="xs"
          w={90}
          aria-label="Código de seguridad para autorizar"
          placeholder="Código"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Button size="compact-xs" variant="light" onClick={() => sendCode.mutate()} loading={sendCode.isPending}>
          Código
        </Button>
        <Button
          size="compact-xs"
          disabled={code.length !== 6}
          loading={approve.isPending}
          onClick={() => approve.mutate({ id, code, idempotencyKey: newIdempotencyKey() })}
        >
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

/**
 * Editar a dispersion that has not started: its concept and its payment day (empty: it runs when
 * authorised or confirmed). The server checks the same rules; this only says them beside the field.
 */
function EditDispersion({ d, onClose }: { d: Dispersion; onClose: () => void }) {
  const [concept, setConcept] = useState(d.Concept ?? '');
  const [day, setDay] = useState<string | null>(d.PaymentDay);
  const [tried, setTried] = useState(false);
  const edit = useEditDispersion();
  const dayError = day && !(day > todayIso()) ? SPEI_MESSAGES.paymentDay : undefined;
  const conceptError = concept.trim().length > 39 ? 'El concepto admite máximo 39 caracteres' : undefined;
  const save = () => {
    setTried(true);
    if (dayError || conceptError) return;
    edit.mutate({ id: d.Id, body: { v_concept: concept.trim(), ...(day ? { d_payment_day: day } : {}) } }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} centered title={`Editar ${d.FileName ?? 'la dispersión'}`} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="sm">
        <TextInput
          label="Concepto"
          maxLength={39}
          value={concept}
          onChange={(e) => setConcept(e.currentTarget.value)}
          error={tried ? conceptError : undefined}
        />
        <DayInput
          label="Fecha de pago"
          clearable={!d.PaymentDay}
          value={day}
          onChange={(v) => setDay(v ? String(v).slice(0, 10) : null)}
          error={tried || day ? dayError : undefined}
          excludeDate={(v) => v <= todayIso()}
        />
        {edit.isError ? <ErrorAlert error={edit.error} title="No se guardaron los cambios" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={save} loading={edit.isPending}>
            Guardar cambios
          </Button>
        </Group>
      </Stack>
    </Modal>
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
  const canEdit = useCan('/dispersal/program', 'Editar');
  const [editing, setEditing] = useState<Dispersion | null>(null);
  const canCancel = useCan('/dispersal/transfer', 'Borrar');
  const columns: Column<Dispersion>[] = [
    { key: 'day', header: 'Fecha de pago', stack: 'date', render: (d) => (d.PaymentDay ? <DateText size="sm" value={d.PaymentDay} /> : 'Al autorizar') },
    { key: 'file', header: 'Archivo', stack: 'title', render: (d) => <Text size="sm">{d.FileName}</Text> },
    { key: 'rows', header: 'Filas', align: 'right', render: (d) => d.TotalRows },
    { key: 'total', header: 'Total', align: 'right', stack: 'amount', render: (d) => mx(d.TotalImport) },
    { key: 'status', header: 'Estatus', stack: 'status', render: (d) => <DispersionStatusBadge status={d.StatusDispersion} /> },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (d) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {d.CanApprove ? <Approve id={d.Id} operation="dispersion" /> : null}
          {d.CanRemove && canEdit ? (
            <Button size="compact-xs" variant="light" aria-label={`Editar la dispersión ${d.FileName ?? ''}`} onClick={() => setEditing(d)}>
              Editar
            </Button>
          ) : null}
          {d.CanRemove && canRemove ? (
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              aria-label={`Eliminar la dispersión ${d.FileName ?? ''}`}
              onClick={() =>
                openConfirmDialog({
                  title: 'Eliminar dispersión',
                  message: `Se eliminará ${d.FileName ?? 'la dispersión'} y no se enviará.`,
                  confirmLabel: 'Eliminar',
                  danger: true,
                  onConfirm: () => remove.mutateAsync(d.Id),
                })
              }
            >
              Eliminar
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];
  const transferColumns: Column<BusinessMovement>[] = [
    {
      key: 'date',
      header: 'Fecha',
      stack: 'date',
      render: (m) => (m.PaymentDay ? <DateText size="sm" value={m.PaymentDay} /> : <DateText size="sm" value={m.MovementDate} withTime />),
    },
    { key: 'to', header: 'Beneficiario', stack: 'title', render: (m) => <Text size="sm">{m.Beneficiary.Name}</Text> },
    { key: 'total', header: 'Total', align: 'right', stack: 'amount', render: (m) => mx(m.TotalAmount) },
    { key: 'status', header: 'Estatus', stack: 'status', render: (m) => <MovementStatusBadge status={m.StatusBusinessMovement} /> },
    {
      key: 'cancel',
      header: 'Acciones',
      align: 'right',
      render: (m) =>
        m.CanCancel && canCancel ? (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() =>
              openConfirmDialog({
                title: 'Cancelar transferencia',
                message: 'La transferencia no se enviará y se libera el saldo retenido.',
                confirmLabel: 'Cancelar transferencia',
                danger: true,
                onConfirm: () => cancel.mutateAsync({ id: m.Id, idempotencyKey: newIdempotencyKey() }),
              })
            }
          >
            Cancelar
          </Button>
        ) : null,
    },
  ];
  const awaitingColumns: Column<AwaitingSpeiOut>[] = [
    { key: 'date', header: 'Registrada', stack: 'date', render: (m) => <DateText size="sm" value={m.MovementDate} withTime /> },
    { key: 'by', header: 'Registró', render: (m) => <Text size="sm">{m.CreatedByEmail ?? '—'}</Text> },
    { key: 'to', header: 'Beneficiario', stack: 'title', render: (m) => <Text size="sm">{m.Beneficiary.Name}</Text> },
    { key: 'total', header: 'Total', align: 'right', stack: 'amount', render: (m) => mx(m.TotalAmount) },
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
      <PageHeader
        title="Dispersiones programadas"
        description="Dispersiones y transferencias que esperan su fecha o la autorización de otro usuario, y transferencias en camino."
      />
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
          paging={
            pending.data ? { page: pending.data.Page, totalPages: pending.data.TotalPages, total: pending.data.TotalRecords, onPageChange: setPage } : undefined
          }
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
          paging={
            awaiting.data
              ? { page: awaiting.data.Page, totalPages: awaiting.data.TotalPages, total: awaiting.data.TotalRecords, onPageChange: setAPage }
              : undefined
          }
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
          paging={
            transfers.data
              ? { page: transfers.data.Page, totalPages: transfers.data.TotalPages, total: transfers.data.TotalRecords, onPageChange: setTPage }
              : undefined
          }
        />
      </Stack>
      {editing ? <EditDispersion d={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
