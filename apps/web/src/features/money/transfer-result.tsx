import { MOVEMENT_STATUS, type BusinessMovement } from '@far/contracts';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconDownload, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DetailGrid } from '../../components/detail-grid';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { DateText, MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { date, todayIso } from '../../lib/format';
import { apiCents } from '../../lib/money';
import { useDownloadProof } from './api/download-proof';
import { useMovement } from './api/get-movement';
import { refreshMoneyFigures } from './api/keys';

const IN_FLIGHT = new Set<number>([MOVEMENT_STATUS.pendiente, MOVEMENT_STATUS.enviada]);

/** Step 3: the order as registered, with its tracking key; its status is followed until it settles or comes back. */
export function TransferResult({ sent, onAnother }: { sent: BusinessMovement; onAnother: () => void }) {
  const live = useMovement(sent.Id);
  const m = live.data ?? sent;
  const proof = useDownloadProof();
  const moving = IN_FLIGHT.has(m.StatusBusinessMovement);
  const settled = m.StatusBusinessMovement === MOVEMENT_STATUS.liquidada;
  const scheduled = m.StatusBusinessMovement === MOVEMENT_STATUS.pendiente && m.PaymentDay !== null && m.PaymentDay > todayIso();
  const failed = m.StatusBusinessMovement === MOVEMENT_STATUS.devuelta || m.StatusBusinessMovement === MOVEMENT_STATUS.rechazada;
  const awaiting = m.StatusBusinessMovement === MOVEMENT_STATUS.porAutorizar;
  const queryClient = useQueryClient();
  const status = m.StatusBusinessMovement;
  // A settled or returned order changes the balance, the pending list and the movements.
  useEffect(() => {
    if (status !== sent.StatusBusinessMovement) refreshMoneyFigures(queryClient);
  }, [status, sent.StatusBusinessMovement, queryClient]);

  return (
    <Paper withBorder p="md" data-testid="transfer-result">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm">
            <IconCircleCheck size={28} color="var(--mantine-color-green-6)" />
            <Stack gap={0}>
              <Title order={3} fz="md">
                {awaiting ? 'Transferencia por autorizar' : 'Transferencia registrada'}
              </Title>
              <Text size="sm" c="dimmed" data-testid="transfer-result-note">
                {awaiting
                  ? 'Otro usuario de tu empresa debe autorizarla con su código en Dispersiones programadas. Hasta entonces no se retiene ni se envía nada.'
                  : scheduled
                    ? `Se enviará el ${date(m.PaymentDay)}; hasta entonces puedes cancelarla.`
                    : moving
                      ? 'La seguimos hasta que se liquide.'
                      : settled
                        ? 'La transferencia se liquidó.'
                        : 'La transferencia terminó.'}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" data-testid="transfer-status">
            {moving && !scheduled ? <Loader size="xs" /> : null}
            <MovementStatusBadge status={m.StatusBusinessMovement} />
          </Group>
        </Group>
        {failed && m.ErrorDetail ? (
          <Alert
            color="orange"
            variant="light"
            title={m.StatusBusinessMovement === MOVEMENT_STATUS.devuelta ? 'La transferencia se devolvió' : 'La transferencia fue rechazada'}
          >
            {m.ErrorDetail}. El monto retenido se liberó a tu saldo disponible.
          </Alert>
        ) : null}
        <DetailGrid
          testId="transfer-result-details"
          items={[
            {
              label: 'Clave de rastreo',
              value: (
                <Text span className="tabular" fw={700} inherit data-testid="tracking-key">
                  {m.TrackingKey ?? '—'}
                </Text>
              ),
            },
            { label: 'Beneficiario', value: m.Beneficiary.Name },
            {
              label: 'CLABE',
              value: m.Beneficiary.Clabe ? (
                <Text span className="tabular" inherit>
                  {m.Beneficiary.Clabe}
                </Text>
              ) : null,
            },
            { label: 'Banco', value: m.Beneficiary.BankName },
            { label: 'Monto', value: <MoneyText cents={apiCents(m.MovementAmount)} inherit /> },
            { label: 'Comisión + IVA', value: <MoneyText cents={(apiCents(m.Commission) ?? 0n) + (apiCents(m.IVA) ?? 0n)} inherit /> },
            { label: 'Total cargado', value: <MoneyText cents={apiCents(m.TotalAmount)} fw={700} inherit /> },
            { label: 'Concepto', value: m.Concept },
            { label: 'Referencia', value: m.Reference },
            { label: 'Registrada', value: <DateText value={m.MovementDate} withTime inherit /> },
            ...(m.SettledAt ? [{ label: 'Liquidada', value: <DateText value={m.SettledAt} withTime inherit /> }] : []),
            ...(sent.RemainingBalance !== null
              ? [{ label: 'Saldo disponible después del envío', value: <MoneyText cents={apiCents(sent.RemainingBalance)} inherit /> }]
              : []),
          ]}
        />
        <Group>
          <Button
            variant="light"
            disabled={awaiting}
            leftSection={<IconDownload size={16} />}
            loading={proof.isPending}
            onClick={() =>
              proof.mutate(
                { id: m.Id, trackingKey: m.TrackingKey },
                { onError: (e) => notifications.show({ color: 'red', title: 'No se descargó el comprobante', message: errorText(e) }) },
              )
            }
          >
            Descargar comprobante
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={onAnother}>
            Nueva transferencia
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
