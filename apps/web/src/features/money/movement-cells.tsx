import { MOVEMENT_DIRECTION, type BusinessMovement } from '@far/contracts';
import { ActionIcon, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload } from '@tabler/icons-react';
import { MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { movementMovedMoney, signedMovementCents } from '../../lib/money';
import { useDownloadProof } from './api/download-proof';

const mask = (clabe: string | null) => (clabe ? `****${clabe.slice(-4)}` : '');

/** Money in comes from the source account; anything else goes to the beneficiary (a budget move names its budget there). */
export const partyOf = (m: BusinessMovement) =>
  MOVEMENT_DIRECTION[m.MovementType] === 'in' || m.MovementType === 'BUDGET_MINUS' ? m.SourceAccount : m.Beneficiary;

/** Who the movement is with: the beneficiary of a transfer out, the sender of money in. */
export function Counterparty({ m }: { m: BusinessMovement }) {
  const party = partyOf(m);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {party.Name ?? (m.MovementType === 'SPEI_OUT' || m.MovementType === 'SPEI_IN' ? '—' : m.MovementName)}
      </Text>
      <Text size="xs" c="dimmed">
        {[party.BankName, mask(party.Clabe)].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

/** The effect on the balance: −total for a transfer out, +net for money in. */
export function SignedAmount({ m }: { m: BusinessMovement }) {
  const cents = signedMovementCents(m);
  if (!movementMovedMoney(m)) {
    // A transfer that came back or was cancelled: its hold was released, the balance did not change.
    // gray.7, not dimmed: on the row's hover background dimmed text falls below 4.5:1 (axe).
    return (
      <Tooltip label="Sin efecto en el saldo: la retención se liberó">
        <MoneyText size="sm" c="gray.7" td="line-through" cents={cents} />
      </Tooltip>
    );
  }
  if (m.MovementType === 'BUDGET_ADD' || m.MovementType === 'BUDGET_MINUS') {
    // Money set aside or taken back stays the customer's: their total does not change.
    return (
      <Tooltip label="Traspaso entre tus cuentas: tu saldo total no cambia">
        <MoneyText size="sm" fw={600} c="gray.8" cents={cents} />
      </Tooltip>
    );
  }
  return <MoneyText size="sm" fw={600} c={cents < 0n ? 'red.9' : 'teal.9'} cents={cents} />;
}

export function ProofButton({ m }: { m: BusinessMovement }) {
  const proof = useDownloadProof();
  return (
    <Tooltip label="Descargar comprobante (PDF)">
      <ActionIcon
        variant="subtle"
        aria-label={`Descargar comprobante ${m.TrackingKey ?? ''}`.trim()}
        loading={proof.isPending}
        onClick={() =>
          proof.mutate(
            { id: m.Id, trackingKey: m.TrackingKey },
            { onError: (e) => notifications.show({ color: 'red', title: 'No se descargó el comprobante', message: errorText(e) }) },
          )
        }
      >
        <IconFileDownload size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
