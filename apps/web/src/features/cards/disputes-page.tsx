import {
  DISPUTE_MOVES,
  DISPUTE_OPEN_STATUSES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  type Dispute,
  type DisputeEvent,
  type DisputeReason,
  type DisputeStatus,
} from '@far/contracts';
import { Anchor, Badge, Box, Button, Checkbox, Drawer, FileInput, Group, Modal, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DueText } from '../../components/due-text';
import { DataTable, type Column } from '../../components/data-table';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { FilterSelect } from '../../components/list-filters';
import { MoneyInput, useMoneyText } from '../../components/money-input';
import { PageHeader } from '../../components/page-header';
import { QueueNav } from '../../components/queue-nav';
import { errorText } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { dateTime, money } from '../../lib/format';
import { apiCentsOr0, useMoneyIntent } from '../../lib/money';
import {
  downloadEvidence,
  exportDisputes,
  useAddEvidence,
  useCreditDispute,
  useDispute,
  useDisputes,
  useMoveDispute,
  useOpenDispute,
  type DisputeFilters,
} from './disputes-api';
import { CardsNav, PageButtons } from './ui';

const STATUS_COLORS: Record<DisputeStatus, string> = { open: 'blue', review: 'yellow', won: 'green', lost: 'red', withdrawn: 'gray' };
const STATUS_OPTIONS = Object.entries(DISPUTE_STATUSES).map(([value, label]) => ({ value, label }));
const REASON_OPTIONS = Object.entries(DISPUTE_REASONS).map(([value, r]) => ({ value, label: r.name }));
const failed = (title: string) => (e: unknown) => notifications.show({ color: 'red', title, message: errorText(e) });

function DisputeStatusBadge({ d }: { d: Pick<Dispute, 'Status' | 'StatusName'> }) {
  return (
    <Badge color={STATUS_COLORS[d.Status]} variant="light">
      {d.StatusName}
    </Badge>
  );
}

/** The deadline, «Vencida» past it while still open. */
const Deadline = ({ d }: { d: Pick<Dispute, 'DeadlineAt' | 'Overdue'> }) => <DueText overdue={d.Overdue}>{dateTime(d.DeadlineAt)}</DueText>;

/** Disputes with filters, SLA and CSV: staff see every business's, a business its own. A row opens its detail. */
function DisputesList({ staff, base }: { staff: boolean; base: string }) {
  const navigate = useNavigate();
  const { id } = useParams();
  const [filters, setFilters] = useState<DisputeFilters>({ Status: null, Reason: null, Overdue: false });
  const [page, setPage] = useState(1);
  const list = useDisputes(filters, page);
  const set = (patch: Partial<DisputeFilters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  // On a phone each dispute is a card: date, merchant, amount and status in view (issue 26 §5).
  const columns: Column<Dispute>[] = [
    {
      key: 'folio',
      header: 'Folio',
      render: (d) => (
        <Anchor component="button" type="button" size="sm" fw={600} className="tabular" onClick={() => void navigate(`${base}/${d.Id}`)}>
          {d.Folio}
        </Anchor>
      ),
    },
    { key: 'date', header: 'Fecha', stack: 'date', render: (d) => dateTime(d.CreatedAt) },
    ...(staff ? [{ key: 'business', header: 'Empresa', render: (d: Dispute) => d.BusinessName ?? '—' }] : []),
    { key: 'card', header: 'Tarjeta', render: (d) => <span className="tabular">{d.MaskedPan}</span> },
    { key: 'merchant', header: 'Comercio', stack: 'title', render: (d) => d.MerchantName },
    { key: 'amount', header: 'Monto', align: 'right', stack: 'amount', render: (d) => <span className="tabular">{money(apiCentsOr0(d.Amount))}</span> },
    { key: 'reason', header: 'Motivo', render: (d) => d.ReasonName },
    { key: 'status', header: 'Estatus', width: 130, stack: 'status', render: (d) => <DisputeStatusBadge d={d} /> },
    { key: 'deadline', header: 'Fecha límite', render: (d) => <Deadline d={d} /> },
  ];
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <FilterSelect
          label="Estatus"
          all="Todos"
          data={STATUS_OPTIONS}
          value={filters.Status}
          onChange={(v) => set({ Status: v as DisputeStatus | null })}
          w={180}
        />
        <FilterSelect
          label="Motivo"
          all="Todos"
          data={REASON_OPTIONS}
          value={filters.Reason}
          onChange={(v) => set({ Reason: v as DisputeReason | null })}
          w={260}
        />
        <Checkbox label="Solo vencidas" checked={filters.Overdue} onChange={(e) => set({ Overdue: e.currentTarget.checked })} mb={8} />
        <Button variant="light" ml="auto" onClick={() => void exportDisputes(filters).catch(failed('No se exportó'))}>
          Exportar CSV
        </Button>
      </Group>
      <Box component="section" aria-label="Disputas">
        <DataTable
          columns={columns}
          rows={list.data?.Records}
          loading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          getRowId={(d) => d.Id}
          emptyText="No hay disputas con estos filtros."
          testId="disputes-table"
        />
      </Box>
      <Group justify="flex-end">
        <PageButtons page={page} totalPages={list.data?.TotalPages} onPage={setPage} />
      </Group>
      <Drawer opened={!!id} onClose={() => void navigate(base)} position="right" size="lg" title="Disputa" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        {id ? <DisputeDetailView id={id} staff={staff} /> : null}
      </Drawer>
    </Stack>
  );
}

function DisputeDetailView({ id, staff }: { id: string; staff: boolean }) {
  const dispute = useDispute(id);
  const canStaff = useCan('/clarification', 'Editar') && staff;
  const canAdd = useCan(staff ? '/clarification' : '/account', staff ? 'Editar' : 'Agregar');
  const canWithdraw = useCan('/account', 'Editar') && !staff;
  const d = dispute.data;
  if (!d) return dispute.isError ? <ErrorAlert error={dispute.error} title="No fue posible cargar la disputa" /> : <Text>Cargando…</Text>;
  const live = DISPUTE_OPEN_STATUSES.includes(d.Status);
  return (
    <Stack gap="md" data-testid="dispute-detail">
      <Group justify="space-between">
        <Title order={3} fz="lg" className="tabular">
          {d.Folio}
        </Title>
        <DisputeStatusBadge d={d} />
      </Group>
      <DetailGrid
        cols={2}
        items={[
          { label: 'Empresa', value: d.BusinessName },
          { label: 'Tarjeta', value: d.MaskedPan },
          { label: 'Comercio', value: d.MerchantName },
          { label: 'Compra', value: dateTime(d.PurchaseAt) },
          { label: 'Monto disputado', value: money(apiCentsOr0(d.Amount)) },
          { label: 'Abono provisional', value: <span data-testid="dispute-credit">{money(apiCentsOr0(d.ProvisionalCredit))}</span> },
          { label: 'Motivo', value: d.ReasonName },
          { label: 'Fecha límite', value: <Deadline d={d} /> },
          { label: 'Descripción', value: d.Description, wide: true },
        ]}
      />
      {canStaff && live ? <StaffActions id={id} status={d.Status} hasCredit={apiCentsOr0(d.ProvisionalCredit) > 0n} /> : null}
      {canWithdraw && live ? <WithdrawButton id={id} /> : null}
      {canAdd && live ? <EvidenceForm id={id} /> : null}
      <Title order={4} fz="md">
        Historial
      </Title>
      <Stack gap="xs" data-testid="dispute-events">
        {d.Events.map((e) => (
          <Paper key={e.Id} withBorder p="xs" radius="sm">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" fw={600}>
                {EVENT_TEXT[e.Kind](e)}
              </Text>
              <Text size="xs" c="dimmed">
                {e.Author} · {dateTime(e.CreatedAt)}
              </Text>
            </Group>
            {e.Comment ? <Text size="sm">{e.Comment}</Text> : null}
            {e.FileId ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => void downloadEvidence(e.FileId!, e.FileName ?? 'evidencia').catch(failed('No se descargó'))}
              >
                {e.FileName}
              </Anchor>
            ) : null}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

type Ev = { FromStatus: string | null; ToStatus: string | null; Amount: string | null };
const amountText = (e: Ev) => (e.Amount ? money(apiCentsOr0(e.Amount)) : '');
const EVENT_TEXT: Record<DisputeEvent['Kind'], (e: Ev) => string> = {
  opened: () => 'Disputa abierta',
  evidence: () => 'Evidencia',
  status: (e) => `Estatus: ${e.FromStatus ?? ''} → ${e.ToStatus ?? ''}`,
  credit: (e) => `Abono provisional de ${amountText(e)}`,
  reversal: (e) => `Reversa del abono provisional (${amountText(e)})`,
  chargeback: (e) => `Contracargo aplicado (${amountText(e)})`,
};

function StaffActions({ id, status, hasCredit }: { id: string; status: DisputeStatus; hasCredit: boolean }) {
  const move = useMoveDispute();
  const credit = useCreditDispute();
  const moveIntent = useMoneyIntent();
  const creditIntent = useMoneyIntent();
  const [to, setTo] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const amount = useMoneyText({ optional: true });
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        {move.isError ? <ErrorAlert error={move.error} title="No se cambió el estatus" /> : null}
        {credit.isError ? <ErrorAlert error={credit.error} title="No se aplicó el abono" /> : null}
        {!hasCredit ? (
          <Group align="flex-end" wrap="wrap">
            <MoneyInput label="Abono provisional" description="Vacío: el monto disputado completo." placeholder="Monto completo" {...amount.input} w={200} />
            <Button
              variant="light"
              loading={credit.isPending}
              onClick={() => {
                const Amount = amount.read();
                if (Amount === null) return;
                const body = { DisputeId: id, Amount };
                void creditIntent(body, (idempotencyKey) =>
                  credit.mutateAsync({ body, idempotencyKey }).then(() => notifications.show({ color: 'green', message: 'Abono provisional aplicado' })),
                ).catch(() => undefined);
              }}
            >
              Dar abono provisional
            </Button>
          </Group>
        ) : null}
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Nuevo estatus"
            data={DISPUTE_MOVES[status].map((s) => ({ value: s, label: DISPUTE_STATUSES[s] }))}
            value={to}
            onChange={setTo}
            w={200}
          />
          <TextInput label="Comentario" value={comment} onChange={(e) => setComment(e.currentTarget.value)} style={{ flex: 1 }} miw={180} />
          <Button
            disabled={!to}
            loading={move.isPending}
            onClick={() => {
              const body = { DisputeId: id, Status: to as DisputeStatus, Comment: comment || undefined };
              void moveIntent(body, (idempotencyKey) =>
                move.mutateAsync({ body, idempotencyKey }).then(() => {
                  setTo(null);
                  setComment('');
                  notifications.show({ color: 'green', message: 'Estatus actualizado' });
                }),
              ).catch(() => undefined);
            }}
          >
            Cambiar estatus
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function WithdrawButton({ id }: { id: string }) {
  const move = useMoveDispute();
  const intent = useMoneyIntent();
  const body = { DisputeId: id, Status: 'withdrawn' as const };
  return (
    <Button
      variant="default"
      color="red"
      loading={move.isPending}
      onClick={() =>
        void intent(body, (idempotencyKey) => move.mutateAsync({ body, idempotencyKey })).then(
          () => notifications.show({ color: 'green', message: 'Disputa retirada' }),
          failed('No se retiró la disputa'),
        )
      }
    >
      Retirar disputa
    </Button>
  );
}

function EvidenceForm({ id }: { id: string }) {
  const add = useAddEvidence();
  const [file, setFile] = useState<File | null>(null);
  const [comment, setComment] = useState('');
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        {add.isError ? <ErrorAlert error={add.error} title="No se agregó la evidencia" /> : null}
        <FileInput
          label="Evidencia (PDF hasta 10 MB o imagen .jpg, .jpeg, .png hasta 2 MB)"
          accept=".pdf,.jpg,.jpeg,.png"
          value={file}
          onChange={setFile}
          clearable
          data-testid="evidence-file"
        />
        <Textarea label="Comentario" value={comment} onChange={(e) => setComment(e.currentTarget.value)} autosize minRows={2} maxLength={1000} />
        <Group justify="flex-end">
          <Button
            disabled={!file}
            loading={add.isPending}
            onClick={() =>
              file &&
              add.mutate(
                { id, comment, file },
                {
                  onSuccess: () => {
                    setFile(null);
                    setComment('');
                    notifications.show({ color: 'green', message: 'Evidencia agregada' });
                  },
                },
              )
            }
          >
            Agregar evidencia
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** «Disputar» on a captured purchase of the card's movements: reason (with the network's days) and what happened. */
export function OpenDisputeButton({ authorizationId, businessId }: { authorizationId: string; businessId?: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const create = useOpenDispute();
  const navigate = useNavigate();
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={() => setOpen(true)}>
        Disputar
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Disputar compra" centered>
        <Stack gap="sm">
          {create.isError ? <ErrorAlert error={create.error} title="No se registró la disputa" /> : null}
          <Select
            label="Motivo"
            required
            data={Object.entries(DISPUTE_REASONS).map(([value, r]) => ({ value, label: `${r.name} (${r.days} días)` }))}
            value={reason}
            onChange={setReason}
          />
          <Textarea
            label="Descripción"
            required
            description="Qué pasó con la compra (mínimo 10 caracteres)."
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={1000}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button
              loading={create.isPending}
              onClick={() =>
                create.mutate(
                  { AuthorizationId: authorizationId, Reason: (reason ?? '') as DisputeReason, Description: description, BusinessId: businessId },
                  {
                    onSuccess: (d) => {
                      setOpen(false);
                      notifications.show({ color: 'green', title: 'Disputa registrada', message: `Folio ${d.Folio}` });
                      if (!businessId) void navigate(`/account/disputes/${d.Id}`);
                    },
                  },
                )
              }
            >
              Registrar disputa
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Staff: the disputes queue beside the clarifications queue. */
export function StaffDisputesPage() {
  return (
    <>
      <PageHeader title="Disputas de tarjetas" description="Compras disputadas por las empresas: las de fecha límite más próxima primero." />
      <QueueNav />
      <DisputesList staff base="/clarification/disputes" />
    </>
  );
}

/** A business: its disputes, beside its cards. */
export function BusinessDisputesPage() {
  return (
    <>
      <PageHeader title="Disputas" description="Compras de tus tarjetas que disputaste y su avance." />
      <CardsNav />
      <DisputesList staff={false} base="/account/disputes" />
    </>
  );
}
