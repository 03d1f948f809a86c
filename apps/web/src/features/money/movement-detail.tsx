import type { BusinessMovement } from '@far/contracts';
import { Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { DetailGrid } from '../../components/detail-grid';
import { LedgerLines } from '../../components/ledger-lines';
import { ErrorAlert } from '../../components/error-alert';
import { movementIdItem } from '../../components/movement-id';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { DateText, MoneyText } from '../../components/value-text';
import { useMe } from '../../lib/api/get-me';
import { OpenCaseButton } from '../../components/open-case-button';
import { ProofDownloads } from '../../components/proof-downloads';
import { useCan } from '../../lib/api/get-menu-permissions';
import { apiCents } from '../../lib/money';
import { saveProof } from './api/download-proof';
import { useMovement, type MovementDetail } from './api/get-movement';
import { SignedAmount, partyOf } from './movement-cells';

const amount = (value: string | null) => (value === null ? null : <MoneyText cents={apiCents(value)} inherit />);

/** The detail drawer of one movement: its amounts, parties, tracking key, ledger lines and proof. */
export function MovementDetailBody({ row }: { row: BusinessMovement }) {
  const detail = useMovement(row.Id);
  // A business opens a clarification about this movement on /clarification (issue 12).
  const me = useMe();
  const canOpenCase = useCan('/clarification', 'Agregar') && me.data?.kind === 'BUS';
  const m: MovementDetail = detail.data ?? row;
  const party = partyOf(m);
  const incoming = party === m.SourceAccount;
  return (
    <Stack gap="lg" data-testid="movement-detail">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {m.MovementName}
          </Text>
          <SignedAmount m={m} />
        </Stack>
        <MovementStatusBadge status={m.StatusBusinessMovement} />
      </Group>
      <DetailGrid
        cols={2}
        items={[
          { label: 'Fecha', value: <DateText value={m.MovementDate} withTime inherit /> },
          { label: 'Fecha de pago', value: m.PaymentDay ? <DateText value={m.PaymentDay} inherit /> : null },
          { label: 'Importe', value: amount(m.MovementAmount) },
          { label: 'Comisión', value: amount(m.Commission) },
          { label: 'IVA', value: amount(m.IVA) },
          {
            label: 'Total',
            value: (
              <Text span inherit fw={600}>
                <MoneyText cents={apiCents(m.TotalAmount)} inherit /> MXN
              </Text>
            ),
          },
          { label: incoming ? 'Ordenante' : 'Beneficiario', value: party.Name },
          { label: 'Institución', value: party.BankName },
          {
            label: 'CLABE',
            value: party.Clabe ? (
              <Text span inherit className="tabular">
                {party.Clabe}
              </Text>
            ) : null,
          },
          { label: 'Concepto', value: m.Concept },
          { label: 'Referencia', value: m.Reference },
          { ...movementIdItem(m), wide: true },
          ...(m.ErrorDetail ? [{ label: 'Motivo', value: m.ErrorDetail, wide: true }] : []),
        ]}
      />
      {detail.isPending ? <Skeleton h={80} /> : null}
      {detail.isError ? <ErrorAlert error={detail.error} title="No fue posible cargar el detalle" onRetry={() => void detail.refetch()} /> : null}
      {m.Entries && m.Entries.length > 0 ? <LedgerLines entries={m.Entries} /> : null}
      <Divider />
      <ProofDownloads cep={m.Cep} save={(kind) => saveProof({ id: m.Id, trackingKey: m.TrackingKey, kind })}>
        {canOpenCase && m.TrackingKey ? <OpenCaseButton trackingKey={m.TrackingKey} /> : null}
      </ProofDownloads>
    </Stack>
  );
}
