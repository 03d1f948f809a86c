import { BATCH_STATUS_NAMES, CARD_STATUS_NAMES, type Card, type CardMovement, type CardStatusCount } from '@far/contracts';
import { Anchor, Badge, Box, Button, FileButton, Group, Paper, SimpleGrid, Table, Tabs, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { dateTime, integer, money } from '../../lib/format';
import { apiCentsOr0 } from '../../lib/money';

/** The cards area of Alta de cuentas: sub-routes under /account keep §2's menu entry. */
const SECTIONS = [
  { to: '/account', label: 'Cuentas CLABE' },
  { to: '/account/cardholders', label: 'Tarjetahabientes' },
  { to: '/account/cards', label: 'Tarjetas' },
  { to: '/account/funding', label: 'Fondeo de tarjetas' },
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

const STATUS_COLORS: Record<number, string> = { 1: 'gray', 2: 'blue', 3: 'green', 4: 'red' };
export function CardStatusBadge({ card }: { card: Pick<Card, 'Status' | 'IsBlocked'> }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLORS[card.Status] ?? 'gray'} variant="light">
        {CARD_STATUS_NAMES[card.Status] ?? card.Status}
      </Badge>
      {card.IsBlocked ? (
        <Badge color="orange" variant="light">
          Bloqueada
        </Badge>
      ) : null}
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
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A table that scrolls inside its frame on a phone (the page itself never scrolls sideways); the frame takes keyboard focus so it can be scrolled without a mouse. */
export function ScrollTable({ head, children, minWidth = 640, label = 'Tabla' }: { head: string[]; children: ReactNode; minWidth?: number; label?: string }) {
  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      <Table striped highlightOnHover verticalSpacing="xs" miw={minWidth}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Box>
  );
}

export function CardRows({ cards, linkOf }: { cards: Card[]; linkOf: (c: Card) => string }) {
  return (
    <ScrollTable head={['Tarjeta', 'Tarjetahabiente', 'Estatus', 'Lote', 'Alta']}>
      {cards.map((c) => (
        <Table.Tr key={c.CardIdentifier}>
          <Table.Td>
            <Anchor component={Link} to={linkOf(c)} size="sm" className="tabular">
              {c.Payload.MaskedPan}
            </Anchor>
          </Table.Td>
          <Table.Td>{c.FullName ?? '—'}</Table.Td>
          <Table.Td>
            <CardStatusBadge card={c} />
          </Table.Td>
          <Table.Td>{c.ReferenceBatch}</Table.Td>
          <Table.Td>{dateTime(c.CreatedAt)}</Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

export function MovementRows({ rows }: { rows: CardMovement[] }) {
  return (
    <ScrollTable head={['Fecha', 'Tarjeta', 'Tipo', 'Descripción', 'Monto', 'Estatus']}>
      {rows.map((m) => (
        <Table.Tr key={m.Id}>
          <Table.Td>{dateTime(m.CreatedAt)}</Table.Td>
          <Table.Td className="tabular">{m.MaskedPan}</Table.Td>
          <Table.Td>{m.KindName}</Table.Td>
          <Table.Td>{m.Description}</Table.Td>
          <Table.Td className="tabular">{money(apiCentsOr0(m.Amount))}</Table.Td>
          <Table.Td>{m.Status}</Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

export function RowErrors({ errors }: { errors: { Row: number; Field: string | null; Message: string }[] }) {
  if (!errors.length) return null;
  return (
    <ScrollTable head={['Fila', 'Campo', 'Error']} minWidth={360}>
      {errors.map((e, i) => (
        <Table.Tr key={`${e.Row}-${i}`}>
          <Table.Td>{e.Row}</Table.Td>
          <Table.Td>{e.Field ?? '—'}</Table.Td>
          <Table.Td>{e.Message}</Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}
