import {
  BATCH_STATUS_NAMES,
  CARD_FILES,
  CARD_MOVEMENT_CHARGES,
  CARD_STATUS_NAMES,
  DECIDED_BY_NAMES,
  type ActivationItem,
  type Card,
  type CardFileKind,
  type CardMovement,
  type CardStatusCount,
  type PurchaseDecision,
} from '@far/contracts';
import { Anchor, Badge, Box, Button, FileButton, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { DataTable, type Column } from '../../components/data-table';
import { MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { DetailItem } from '../../components/detail-grid';
import { dateTime, integer, money } from '../../lib/format';
import { apiCentsOr0 } from '../../lib/money';
import { downloadCardTemplate } from './api';

/** The cards area of Alta de cuentas: sub-routes under /account keep §2's menu entry. */
const SECTIONS = [
  { to: '/account', label: 'Cuentas CLABE' },
  { to: '/account/cardholders', label: 'Tarjetahabientes' },
  { to: '/account/cards', label: 'Tarjetas' },
  { to: '/account/funding', label: 'Fondeo de tarjetas' },
  { to: '/account/disputes', label: 'Disputas' },
];
export function CardsNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = SECTIONS.filter((s) => pathname === s.to || pathname.startsWith(`${s.to}/`)).at(-1)?.to ?? '/account';
  return (
    <Tabs value={current} onChange={(v) => v && navigate(v)} mb="md" aria-label="Secciones de Alta de cuentas">
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {SECTIONS.map((s) => (
          <Tabs.Tab key={s.to} value={s.to}>
            {s.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

export function UploadButton({ label, onFile, loading, accept = '.csv' }: { label: string; onFile: (f: File) => void; loading?: boolean; accept?: string }) {
  return (
    <FileButton onChange={(f) => f && onFile(f)} accept={accept}>
      {(props) => (
        <Button {...props} leftSection={<IconUpload size={16} />} loading={loading} variant="light">
          {label}
        </Button>
      )}
    </FileButton>
  );
}

/** What a card file holds, in one line, and its templates with Spanish headers (issue 26 §2). */
export function FileTemplates({ kind }: { kind: CardFileKind }) {
  const file = CARD_FILES[kind];
  const formats = file.xlsx ? (['csv', 'xlsx'] as const) : (['csv'] as const);
  const download = (format: 'csv' | 'xlsx') =>
    void downloadCardTemplate(kind, format).catch((e) =>
      notifications.show({ color: 'red', title: 'No se pudo descargar la plantilla', message: errorText(e) }),
    );
  return (
    <Stack gap={4} data-testid={`template-${kind}`}>
      <Text size="xs" c="dimmed">
        {file.hint}
      </Text>
      <Group gap="xs">
        {formats.map((f) => (
          <Button key={f} size="compact-sm" variant="subtle" leftSection={<IconDownload size={14} />} onClick={() => download(f)}>
            Plantilla {f.toUpperCase()}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

const STATUS_COLORS: Record<number, string> = { 1: 'gray', 2: 'blue', 3: 'green', 4: 'red' };
export function CardStatusBadge({ card }: { card: Pick<Card, 'Status' | 'IsBlocked'> }) {
  return (
    <Group gap={4} wrap="nowrap">
      {/* Never squeezed to an ellipsis in a narrow table cell. */}
      <Badge color={STATUS_COLORS[card.Status] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
        {CARD_STATUS_NAMES[card.Status] ?? card.Status}
      </Badge>
      {card.IsBlocked ? (
        <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
          Bloqueada
        </Badge>
      ) : null}
    </Group>
  );
}
/** «Virtual» beside a virtual card's number (issue 28 §1). */
export function VirtualBadge({ card }: { card: Pick<Card, 'Payload'> }) {
  return card.Payload.IsVirtual ? (
    <Badge color="grape" variant="light" style={{ flexShrink: 0 }}>
      Virtual
    </Badge>
  ) : null;
}
/** What a virtual card was issued with: single use, merchant lock, its own limits (nothing for a physical card). */
export function virtualItems(c: Pick<Card, 'Payload'>): DetailItem[] {
  const p = c.Payload;
  if (!p.IsVirtual) return [];
  const limit = (v: string | null) => (v === null ? 'Sin límite' : money(apiCentsOr0(v)));
  return [
    { label: 'Un solo uso', value: p.SingleUse ? 'Sí' : 'No' },
    {
      label: 'Bloqueo de comercio',
      value: p.MerchantLock ?? (p.LockToFirstMerchant ? 'Primer comercio (aún sin compras)' : 'Sin bloqueo'),
    },
    {
      label: 'Límites de la tarjeta',
      value: `Por compra: ${limit(p.Limits.PerTransaction)} · Diario: ${limit(p.Limits.Daily)} · Mensual: ${limit(p.Limits.Monthly)}`,
      wide: true,
    },
  ];
}
/** «Anterior» / «Siguiente» of a numbered list page. */
export function PageButtons({ page, totalPages, onPage }: { page: number; totalPages: number | undefined; onPage: (page: number) => void }) {
  return (
    <Group>
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </Button>
      <Button variant="default" disabled={page >= (totalPages ?? 1)} onClick={() => onPage(page + 1)}>
        Siguiente
      </Button>
    </Group>
  );
}
export const batchStatusName = (s: keyof typeof BATCH_STATUS_NAMES) => BATCH_STATUS_NAMES[s];

export function StatusCounts({ counts }: { counts: CardStatusCount[] | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
      {(counts ?? []).map((c) => (
        <Paper key={c.Status} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {c.StatusName}
          </Text>
          <Text fw={700} fz="xl" data-testid={`cards-status-${c.Status}`}>
            {integer(c.Total)}
          </Text>
          {c.Virtual ? (
            <Text size="xs" c="dimmed" data-testid={`cards-virtual-${c.Status}`}>
              {integer(c.Virtual)} {c.Virtual === 1 ? 'virtual' : 'virtuales'}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const cardColumns = (linkOf: (c: Card) => string): Column<Card>[] => [
  {
    key: 'card',
    header: 'Tarjeta',
    stack: 'title',
    render: (c) => (
      <Group gap={6} wrap="nowrap">
        <Anchor component={Link} to={linkOf(c)} size="sm" className="tabular">
          {c.Payload.MaskedPan}
        </Anchor>
        <VirtualBadge card={c} />
      </Group>
    ),
  },
  { key: 'holder', header: 'Tarjetahabiente', render: (c) => c.FullName ?? '—' },
  { key: 'status', header: 'Estatus', stack: 'status', render: (c) => <CardStatusBadge card={c} /> },
  { key: 'batch', header: 'Lote', render: (c) => c.ReferenceBatch },
  { key: 'created', header: 'Alta', render: (c) => dateTime(c.CreatedAt) },
];

/** The cards of a business; on a phone each is a card with its number and status on top. */
export function CardRows({ cards, linkOf, loading }: { cards: Card[]; linkOf: (c: Card) => string; loading?: boolean }) {
  return (
    <Box component="section" aria-label="Tarjetas">
      <DataTable
        columns={cardColumns(linkOf)}
        rows={cards}
        loading={loading}
        getRowId={(c) => c.CardIdentifier}
        emptyText="Sin tarjetas"
        testId="cards-table"
      />
    </Box>
  );
}

/** A charge (a purchase, a transfer out) reads −$120.50 in red; money in reads +$500.00. */
export function CardMovementAmount({ m }: { m: Pick<CardMovement, 'Kind' | 'Amount'> }) {
  const cents = apiCentsOr0(m.Amount);
  const charge = CARD_MOVEMENT_CHARGES.includes(m.Kind);
  return <MoneyText size="sm" fw={600} c={charge ? 'red.9' : 'teal.9'} cents={charge ? -cents : cents} />;
}

/** Who decided a purchase the business's endpoint was asked about, with its reason and how long it took (issue 28 §2). */
function PurchaseDecisionText({ decision }: { decision: PurchaseDecision }) {
  const detail = [decision.BusinessReason, `${integer(decision.DecisionMs)} ms`].filter(Boolean).join(' · ');
  return (
    <Stack gap={0} data-testid="purchase-decision">
      <Text size="sm" fw={500}>
        {DECIDED_BY_NAMES[decision.DecidedBy]}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {detail}
      </Text>
    </Stack>
  );
}

const MOVEMENT_COLUMNS: Column<CardMovement>[] = [
  { key: 'date', header: 'Fecha', stack: 'date', render: (m) => dateTime(m.CreatedAt) },
  { key: 'card', header: 'Tarjeta', render: (m) => <span className="tabular">{m.MaskedPan}</span> },
  { key: 'kind', header: 'Tipo', render: (m) => m.KindName },
  { key: 'description', header: 'Descripción', stack: 'title', render: (m) => m.Description },
  { key: 'amount', header: 'Monto', align: 'right', stack: 'amount', render: (m) => <CardMovementAmount m={m} /> },
  { key: 'status', header: 'Estatus', stack: 'status', render: (m) => m.Status },
  // Only where the business was asked; on a phone the card then shows it under «Decidió».
  { key: 'decision', header: 'Decidió', render: (m) => (m.Decision ? <PurchaseDecisionText decision={m.Decision} /> : null) },
];

/** A card's movements; on a phone each is a card with date, description, amount and status in view (issue 26 §5). */
export function MovementRows({
  rows,
  loading,
  error,
  action,
}: {
  rows: CardMovement[] | undefined;
  loading?: boolean;
  error?: unknown;
  action?: (m: CardMovement) => ReactNode;
}) {
  const columns = action ? [...MOVEMENT_COLUMNS, { key: 'action', header: 'Acciones', render: action }] : MOVEMENT_COLUMNS;
  // The named region is what people (and the journeys) find the list by, on a desktop and a phone alike.
  return (
    <Box component="section" aria-label="Movimientos de la tarjeta">
      <DataTable columns={columns} rows={rows} loading={loading} error={error} getRowId={(m) => m.Id} emptyText="Sin movimientos" testId="card-movements" />
    </Box>
  );
}

const ACTIVATION_COLORS: Record<string, string> = { MATCHED: 'blue', ACTIVATED: 'green', FAILED: 'red' };
const ACTIVATION_COLUMNS: Column<ActivationItem>[] = [
  { key: 'batch', header: 'Lote', render: (i) => i.ReferenceBatch },
  { key: 'row', header: 'Fila', render: (i) => Number(i.CompositeSortingKey.split('#')[1]) },
  { key: 'holder', header: 'Tarjetahabiente', stack: 'title', render: (i) => i.CardholderIdentifier },
  { key: 'card', header: 'Tarjeta', render: (i) => <span className="tabular">{i.MaskedPan ?? (i.CardIdentifier || '—')}</span> },
  {
    key: 'status',
    header: 'Estatus',
    stack: 'status',
    render: (i) => (
      <Badge variant="light" color={ACTIVATION_COLORS[i.Status] ?? 'gray'}>
        {i.StatusName}
      </Badge>
    ),
  },
  { key: 'error', header: 'Error', render: (i) => i.ErrorMessage ?? '—' },
];

/** Assignment rows: the card as printed (or as the file named it) and a Spanish status. */
export function ActivationRows({ items, loading }: { items: ActivationItem[]; loading?: boolean }) {
  return (
    <Box component="section" aria-label="Lotes de activación">
      <DataTable
        columns={ACTIVATION_COLUMNS}
        rows={items}
        loading={loading}
        getRowId={(i) => i.CompositeSortingKey}
        emptyText="Sin lotes de activación"
        testId="activation-table"
      />
    </Box>
  );
}

type RowError = { Row: number; Field: string | null; Message: string };
const ROW_ERROR_COLUMNS: Column<RowError>[] = [
  { key: 'row', header: 'Fila', stack: 'title', render: (e) => `Fila ${integer(e.Row)}` },
  { key: 'field', header: 'Campo', render: (e) => e.Field ?? '—' },
  { key: 'message', header: 'Error', render: (e) => e.Message },
];

/** The rows of a file that could not be read, each with its field and why. */
export function RowErrors({ errors }: { errors: RowError[] }) {
  if (!errors.length) return null;
  return <DataTable columns={ROW_ERROR_COLUMNS} rows={errors} getRowId={(e) => `${e.Row}-${e.Field ?? ''}-${e.Message}`} emptyText="Sin errores" />;
}
