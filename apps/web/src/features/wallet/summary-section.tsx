import { MOVEMENT_DIRECTION, type Budget, type BusinessMovement } from '@far/contracts';
import { Anchor, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { DateText, MoneyText } from '../../components/value-text';
import { apiCents, signedMovementCents } from '../../lib/money';
import { useWalletSummary } from './api';

function Figure({ label, value, hint, testId }: { label: string; value: string | undefined; hint: string; testId: string }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === undefined ? <Skeleton h={30} w={140} /> : <MoneyText cents={apiCents(value)} fz={24} fw={700} data-testid={`${testId}-value`} />}
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

export function BudgetProgress({ b }: { b: Budget }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {b.v_name}
        </Text>
        <Text size="sm" className="tabular">
          {b.Progress} %
        </Text>
      </Group>
      <Progress value={b.Progress} color={b.GoalMet ? 'green' : 'blue'} aria-label={`Avance de ${b.v_name}: ${b.Progress} %`} />
      <Text size="xs" c="dimmed">
        <MoneyText cents={apiCents(b.n_current_amount)} inherit /> de <MoneyText cents={apiCents(b.n_goal_amount)} inherit />
        {b.d_target_date ? (
          <>
            {' · meta al '}
            <DateText value={b.d_target_date} inherit />
          </>
        ) : null}
      </Text>
    </Stack>
  );
}

function MovementTitle({ m }: { m: BusinessMovement }) {
  const own = MOVEMENT_DIRECTION[m.MovementType] === 'own';
  const party = MOVEMENT_DIRECTION[m.MovementType] === 'in' || m.MovementType === 'BUDGET_MINUS' ? m.SourceAccount : m.Beneficiary;
  return (
    <>
      <Text size="sm">{m.MovementName}</Text>
      {party.Name && !own ? (
        <Text size="xs" c="dimmed">
          {party.Name}
        </Text>
      ) : null}
    </>
  );
}

function SignedAmount({ m }: { m: BusinessMovement }) {
  const cents = signedMovementCents(m);
  // Money set aside in a budget stays the user's: grey, not a charge.
  const own = MOVEMENT_DIRECTION[m.MovementType] === 'own';
  return <MoneyText cents={cents} size="sm" fw={600} c={own ? 'gray.8' : cents < 0n ? 'red.9' : 'teal.9'} />;
}

/**
 * A wallet's movements as list columns: date, kind and counterparty, status and the signed amount.
 * Their stack places make a phone show each row as a card with all four visible (issue 26 §5).
 */
export const WALLET_MOVEMENT_COLUMNS: Column<BusinessMovement>[] = [
  { key: 'date', header: 'Fecha', stack: 'date', render: (m) => <DateText size="sm" value={m.MovementDate} withTime /> },
  { key: 'movement', header: 'Movimiento', stack: 'title', render: (m) => <MovementTitle m={m} /> },
  { key: 'status', header: 'Estatus', stack: 'status', render: (m) => <MovementStatusBadge status={m.StatusBusinessMovement} /> },
  { key: 'amount', header: 'Importe', align: 'right', stack: 'amount', render: (m) => <SignedAmount m={m} /> },
];

/**
 * "Mi resumen" of a wallet: available, in transit, budgets, the latest movements and the daily
 * limit. Staff see the same, read-only, for the user they open in Usuarios Wallet.
 */
export function WalletSummarySection({ userId }: { userId?: string }) {
  const summary = useWalletSummary(userId);
  if (summary.isError) return <ErrorAlert error={summary.error} title="No fue posible cargar el saldo" onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  // Staff read the same figures about someone else: no «tú».
  const staff = userId !== undefined;
  return (
    <Stack gap="lg" data-testid="wallet-summary">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Figure
          label="Disponible"
          value={s?.Balance.AvailableBalance}
          hint={staff ? 'Lo que el usuario puede enviar ahora' : 'Lo que puedes enviar ahora'}
          testId="wallet-available"
        />
        <Figure label="En tránsito" value={s?.Balance.TransitBalance} hint="Transferencias por liquidar" testId="wallet-transit" />
        <Figure label="En presupuestos" value={s?.Balance.Budgeted} hint="Dinero apartado" testId="wallet-budgeted" />
        <Figure label="Total" value={s?.Balance.Total} hint="Disponible, en tránsito y apartado" testId="wallet-total" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Title order={2} fz="md" mb="xs">
            {staff ? 'Cuenta del usuario' : 'Tu cuenta'}
          </Title>
          <Text size="sm">
            CLABE para recibir SPEI:{' '}
            <Text span fw={700} className="tabular" data-testid="wallet-clabe" style={{ overflowWrap: 'anywhere' }}>
              {s?.Clabe ?? '…'}
            </Text>
          </Text>
          <Text size="sm" mt={4}>
            Límite diario de envíos: <MoneyText cents={apiCents(s?.Limit.DailyLimit)} fw={600} inherit /> ({staff ? 'quedan' : 'te quedan'}{' '}
            <MoneyText cents={apiCents(s?.Limit.RemainingToday)} inherit /> hoy)
          </Text>
          {s?.Limit.PendingLimit ? (
            <Text size="xs" c="dimmed">
              Nuevo límite de <MoneyText cents={apiCents(s.Limit.PendingLimit)} inherit /> a partir del{' '}
              <DateText value={s.Limit.PendingFrom} withTime inherit />
            </Text>
          ) : null}
        </Paper>
        <Paper withBorder p="md">
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="md">
              Presupuestos
            </Title>
            {userId ? null : (
              <Anchor component={Link} to="/dispersal/budget" size="sm">
                Ver presupuestos
              </Anchor>
            )}
          </Group>
          <Stack gap="sm">
            {(s?.Budgets ?? []).filter((b) => b.i_active).length === 0 ? (
              <Text size="sm" c="dimmed">
                Sin presupuestos activos.
              </Text>
            ) : (
              s!.Budgets.filter((b) => b.i_active).map((b) => <BudgetProgress key={b.v_uid} b={b} />)
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={2} fz="md" mb="xs">
          Últimos movimientos
        </Title>
        <DataTable
          testId="wallet-last-movements"
          columns={WALLET_MOVEMENT_COLUMNS}
          rows={s?.LastMovements}
          loading={!s}
          getRowId={(m) => m.Id}
          emptyText={staff ? 'Aún no hay movimientos.' : 'Aún no tienes movimientos.'}
        />
      </Paper>
    </Stack>
  );
}
