import { MOVEMENT_TYPE_NAMES, formatCurrency } from '@far/contracts';
import { ActionIcon, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconArrowsExchange,
  IconBuildingBank,
  IconClockHour4,
  IconMessageReport,
  IconSettings,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { Staged } from '../../components/staged';
import { DateText, MoneyText } from '../../components/value-text';
import { useMe } from '../../lib/api/get-me';
import { useCan } from '../../lib/api/get-menu-permissions';
import { integer, money } from '../../lib/format';
import { apiCents, apiCentsOr0, movementMovedMoney, signedMovementCents } from '../../lib/money';
import { DayBars } from './day-bars';
import { useAdminMoney, type AdminMoney } from './api/get-admin-money';
import { RailState } from './rail-state';
import { useBusinessMoney, type BusinessMoney } from './api/get-business-money';

function MoneyCard({
  label,
  cents,
  hint,
  icon: IconCmp,
  color,
  testId,
}: {
  label: string;
  cents: bigint | null;
  hint?: ReactNode;
  icon: Icon;
  color: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <MoneyText cents={cents} fz={24} fw={700} lh={1.25} />
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Stack>
        <ThemeIcon size={42} radius="md" variant="light" color={color}>
          <IconCmp size={22} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** Cents as a whole number for the chart (exact below 2^53; the chart only draws it). */
const plot = (value: string) => Number(apiCentsOr0(value));
/** Axis ticks in whole pesos ('$12,500'); tooltips with cents. */
const axisMoney = (v: number) => (Number.isSafeInteger(v) ? formatCurrency(v).replace(/\.\d{2}$/, '') : '');
const tipMoney = (v: number) => (Number.isSafeInteger(v) ? money(v) : '');

/** Money in and out of the business over the last 30 days (Mexico City days), from the ledger. */
export function FlowChart({ series }: { series: BusinessMoney['Series'] }) {
  const data = series.map((d) => ({ label: `${d.Date.slice(8, 10)}/${d.Date.slice(5, 7)}`, values: [plot(d.In), plot(d.Out)] }));
  const totalIn = series.reduce((a, d) => a + apiCentsOr0(d.In), 0n);
  const totalOut = series.reduce((a, d) => a + apiCentsOr0(d.Out), 0n);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="md">
          Entradas y salidas de los últimos 30 días
        </Title>
        <Group gap="md">
          <Text size="sm" c="teal.9">
            Entradas: <MoneyText cents={totalIn} inherit fw={600} />
          </Text>
          <Text size="sm" c="red.9">
            Salidas: <MoneyText cents={totalOut} inherit fw={600} />
          </Text>
        </Group>
      </Group>
      <DayBars
        h={260}
        data={data}
        series={[
          { label: 'Entradas', color: 'teal.6' },
          { label: 'Salidas', color: 'red.6' },
        ]}
        withLegend
        integers
        axisFormatter={axisMoney}
        valueFormatter={tipMoney}
        label="Entradas y salidas de dinero por día, últimos 30 días"
        data-testid="money-flow-chart"
      />
    </Paper>
  );
}

function LastMovements({ rows }: { rows: BusinessMoney['LastMovements'] }) {
  // A business opens a clarification about a movement from here too (issue 12).
  const me = useMe();
  const canOpenCase = useCan('/clarification', 'Agregar') && me.data?.kind === 'BUS';
  const columns: Column<BusinessMoney['LastMovements'][number]>[] = [
    { key: 'date', header: 'Fecha', stack: 'date', render: (m) => <DateText size="sm" value={m.MovementDate} withTime /> },
    {
      key: 'movement',
      header: 'Movimiento',
      stack: 'title',
      render: (m) => (
        <>
          <Text size="sm">{MOVEMENT_TYPE_NAMES[m.MovementType]}</Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {[m.MovementType === 'SPEI_OUT' ? m.Beneficiary.Name : m.SourceAccount.Name, m.Concept].filter(Boolean).join(' · ')}
          </Text>
        </>
      ),
    },
    {
      key: 'amount',
      header: 'Importe',
      align: 'right',
      stack: 'amount',
      render: (m) => {
        const cents = signedMovementCents(m);
        return movementMovedMoney(m) ? (
          <MoneyText size="sm" fw={600} c={cents < 0n ? 'red.9' : 'teal.9'} cents={cents} />
        ) : (
          <Tooltip label="Sin efecto en el saldo">
            <MoneyText size="sm" c="gray.7" td="line-through" cents={cents} />
          </Tooltip>
        );
      },
    },
    {
      key: 'status',
      header: 'Estatus',
      stack: 'status',
      render: (m) => (
        <Group gap={4} wrap="nowrap">
          <MovementStatusBadge status={m.StatusBusinessMovement} />
          {canOpenCase && m.TrackingKey ? (
            <Tooltip label="Abrir aclaración">
              <ActionIcon
                component={Link}
                to={`/clarification?tracking=${encodeURIComponent(m.TrackingKey)}`}
                variant="subtle"
                size="sm"
                aria-label={`Abrir aclaración del movimiento ${m.TrackingKey}`}
              >
                <IconMessageReport size={14} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
  ];
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          Últimos movimientos
        </Title>
        <Anchor component={Link} to="/movement" size="sm">
          Ver todos
        </Anchor>
      </Group>
      <DataTable testId="last-movements" columns={columns} rows={rows} getRowId={(m) => m.Id} emptyText="Sin movimientos" />
    </Paper>
  );
}

function BusinessMoneyView({ data }: { data: BusinessMoney }) {
  return (
    <Stack gap="lg" data-testid="business-money">
      <Staged>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MoneyCard
            label="Saldo disponible"
            cents={apiCents(data.Balance.availableBalance)}
            hint="Lo que puedes enviar ahora"
            icon={IconWallet}
            color="teal"
            testId="dash-available"
          />
          <MoneyCard
            label="En tránsito"
            cents={apiCents(data.Balance.transitBalance)}
            hint="Retenido por transferencias sin liquidar"
            icon={IconArrowsExchange}
            color="orange"
            testId="dash-transit"
          />
          <MoneyCard
            label="Órdenes pendientes"
            cents={apiCents(data.PendingOrders.Amount)}
            hint={`${integer(data.PendingOrders.Count)} ${data.PendingOrders.Count === 1 ? 'transferencia' : 'transferencias'} en curso`}
            icon={IconClockHour4}
            color="yellow"
            testId="dash-pending"
          />
        </SimpleGrid>
        <FlowChart series={data.Series} />
        <LastMovements rows={data.LastMovements} />
      </Staged>
    </Stack>
  );
}

/** The business's money on its dashboard (issue 4), above its user figures. */
export function BusinessMoneySection() {
  const q = useBusinessMoney(true);
  if (q.isPending) return <Skeleton h={140} />;
  if (q.isError) return <ErrorAlert error={q.error} title="No fue posible cargar tu saldo" onRetry={() => void q.refetch()} />;
  return <BusinessMoneyView data={q.data} />;
}

function AdminMoneyView({ data }: { data: AdminMoney }) {
  const canSpei = useCan('/user/business', 'Ver');
  const books: Array<[string, string]> = [
    ['Ingresos por comisiones', data.Books.CommissionIncome],
    ['IVA por pagar', data.Books.IvaPayable],
    ['Compensación SPEI', data.Books.SpeiClearing],
    ['Liquidación en tránsito', data.Books.SettlementInTransit],
  ];
  return (
    <Paper withBorder p="md" data-testid="admin-money">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          Dinero y SPEI
        </Title>
        {canSpei ? (
          <Anchor component={Link} to="/user/business/spei" size="sm">
            <Group gap={4}>
              <IconSettings size={16} />
              Configuración SPEI
            </Group>
          </Anchor>
        ) : null}
      </Group>
      <RailState />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="md">
        <MoneyCard
          label="Saldos en custodia"
          cents={apiCents(data.TotalBalancesHeld)}
          hint="Dinero de todas las empresas y wallets"
          icon={IconBuildingBank}
          color="far"
          testId="dash-total-held"
        />
        <MoneyCard
          label="SPEI enviados hoy"
          cents={apiCents(data.SpeiToday.Out.Amount)}
          hint={`${integer(data.SpeiToday.Out.Count)} ${data.SpeiToday.Out.Count === 1 ? 'orden' : 'órdenes'}`}
          icon={IconArrowUpRight}
          color="red"
          testId="dash-spei-out"
        />
        <MoneyCard
          label="SPEI recibidos hoy"
          cents={apiCents(data.SpeiToday.In.Amount)}
          hint={`${integer(data.SpeiToday.In.Count)} ${data.SpeiToday.In.Count === 1 ? 'orden' : 'órdenes'}`}
          icon={IconArrowDownLeft}
          color="teal"
          testId="dash-spei-in"
        />
        <MoneyCard
          label="Órdenes pendientes"
          cents={apiCents(data.PendingOrders.Amount)}
          hint={`${integer(data.PendingOrders.Count)} sin liquidar (retenido)`}
          icon={IconClockHour4}
          color="yellow"
          testId="dash-admin-pending"
        />
      </SimpleGrid>
      <Table verticalSpacing={4} maw={520} data-testid="provider-books">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cuentas propias</Table.Th>
            <Table.Th ta="right">Saldo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {books.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">
                <MoneyText size="sm" cents={apiCents(value)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Staff: the money the provider holds and today's SPEI (issue 4), beside the user figures. */
export function AdminMoneySection() {
  const q = useAdminMoney(true);
  if (q.isPending) return <Skeleton h={140} />;
  if (q.isError) return <ErrorAlert error={q.error} title="No fue posible cargar las cifras de dinero" onRetry={() => void q.refetch()} />;
  return <AdminMoneyView data={q.data} />;
}
