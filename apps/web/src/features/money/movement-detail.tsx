import type { BusinessMovement } from '@far/contracts';
import { Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload } from '@tabler/icons-react';
import { DetailGrid } from '../../components/detail-grid';
import { LedgerLines } from '../../components/ledger-lines';
import { ErrorAlert } from '../../components/error-alert';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { DateText, MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { useMe } from '../../lib/api/get-me';
import { OpenCaseButton } from '../../components/open-case-button';
import { useCan } from '../../lib/api/get-menu-permissions';
import { apiCents } from '../../lib/money';
import { useDownloadProof, type ProofKind } from './api/download-proof';
import { useMovement, type MovementDetail } from './api/get-movement';
import { SignedAmount, partyOf } from './movement-cells';

const amount = (value: string | null) => (value === null ? null : <MoneyText cents={apiCents(value)} inherit />);

/** One proof download: Banxico's CEP, the product's own PDF, or whichever the server offers. */
function ProofDownload({ m, kind, label }: { m: MovementDetail; kind?: ProofKind; label: string }) {
  const proof = useDownloadProof();
  return (
    <Button
      variant="light"
      leftSection={<IconFileDownload size={16} />}
      loading={proof.isPending}
      onClick={() =>
        proof.mutate(
          { id: m.Id, trackingKey: m.TrackingKey, kind },
          { onError: (e) => notifications.show({ color: 'red', title: 'No se descargó el comprobante', message: errorText(e) }) },
        )
      }
    >
      {label}
    </Button>
  );
}

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
          {
            label: 'Clave de rastreo',
            value: m.TrackingKey ? (
              <Text span inherit className="tabular" data-testid="movement-tracking-key">
                {m.TrackingKey}
              </Text>
            ) : null,
            wide: true,
          },
          ...(m.ErrorDetail ? [{ label: 'Motivo', value: m.ErrorDetail, wide: true }] : []),
        ]}
      />
      {detail.isPending ? <Skeleton h={80} /> : null}
      {detail.isError ? <ErrorAlert error={detail.error} title="No fue posible cargar el detalle" onRetry={() => void detail.refetch()} /> : null}
      {m.Entries && m.Entries.length > 0 ? <LedgerLines entries={m.Entries} /> : null}
      <Divider />
      {m.Cep ? (
        <Text size="sm" c="dimmed" data-testid="cep-state">
          {m.Cep.StatusName}
        </Text>
      ) : null}
      <Group gap="sm">
        {m.Cep?.Available ? <ProofDownload m={m} kind="cep" label="CEP de Banxico (PDF)" /> : null}
        <ProofDownload
          m={m}
          kind={m.Cep?.Available ? 'propio' : undefined}
          label={m.Cep?.Available ? 'Comprobante propio (PDF)' : 'Comprobante de pago (PDF)'}
        />
        {canOpenCase && m.TrackingKey ? <OpenCaseButton trackingKey={m.TrackingKey} /> : null}
      </Group>
    </Stack>
  );
}
