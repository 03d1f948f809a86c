import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconAlertOctagon, IconBuilding, IconCalendarCheck, IconLock, IconShieldCheck, IconUsers, IconWallet, type Icon } from '@tabler/icons-react';
import { Suspense, lazy, memo, useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { Staged } from '../../components/staged';
import { StatusBadge } from '../../components/status-badge';
import { DateText } from '../../components/value-text';
import { useMe } from '../../lib/api/get-me';
import { useMenu } from '../../lib/api/get-menu';
import { EMPTY, date, fullName, integer, todayIso } from '../../lib/format';
import type { ActivityItem } from '../../lib/models';
import { DayBars } from './day-bars';
import { useBusinessMoney } from './api/get-business-money';
import { useSummary, type BusSummary, type FarSummary, type Summary, type WalSummary } from './api/get-summary';
import { AdminMoneySection, BusinessMoneySection } from './money-section';

// Below the first screen: their code, with the dispersions' and cards' schemas it needs (the
// largest of the contracts), loads with their data rather than before the greeting (issue 7 §3).
const RecentDispersions = lazy(() => import('./recent-dispersions').then((m) => ({ default: m.RecentDispersions })));
const CardsFigures = lazy(() => import('./cards-figures').then((m) => ({ default: m.CardsFigures })));

/** The dispersions' place, held at the height of its title until its code arrives. */
function Dispersions({ link }: { link?: boolean }) {
  return (
    <Suspense fallback={<Skeleton h={58} radius="md" />}>
      <RecentDispersions link={link} />
    </Suspense>
  );
}

const KIND_LABELS: Record<string, string> = { FAR: 'Administradores', BUS: 'Business', WAL: 'Wallet' };

function StatCard({ label, value, icon: IconCmp, color, testId }: { label: string; value: number; icon: Icon; color: string; testId?: string }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {integer(value)}
          </Text>
        </Stack>
        <ThemeIcon size={42} radius="md" variant="light" color={color}>
          <IconCmp size={22} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** The last `days` days in Mexico City, oldest first, with zero where nothing happened. */
export function fillDays(rows: Array<{ day: string; total: number }>, days = 14, today = todayIso()): Array<{ day: string; label: string; total: number }> {
  const byDay = new Map(rows.map((r) => [r.day, r.total]));
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const out: Array<{ day: string; label: string; total: number }> = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const dt = new Date(Date.UTC(y, m - 1, d - i));
    const iso = dt.toISOString().slice(0, 10);
    out.push({ day: iso, label: `${iso.slice(8, 10)}/${iso.slice(5, 7)}`, total: byDay.get(iso) ?? 0 });
  }
  return out;
}

function ActivityChart({ rows }: { rows: Array<{ day: string; total: number }> }) {
  const data = fillDays(rows);
  const total = data.reduce((a, r) => a + r.total, 0);
  return (
    <Section
      title="Actividad de los últimos 14 días"
      action={
        <Text size="sm" c="dimmed">
          {integer(total)} {total === 1 ? 'acción' : 'acciones'}
        </Text>
      }
    >
      <DayBars
        h={260}
        data={data.map((d) => ({ label: d.label, values: [d.total] }))}
        series={[{ label: 'Acciones', color: 'far.6' }]}
        integers
        valueFormatter={integer}
        label="Acciones por día, últimos 14 días"
        data-testid="activity-chart"
      />
    </Section>
  );
}

function LatestActivity({ items, showUser = true }: { items: ActivityItem[]; showUser?: boolean }) {
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="empty-state">
        Sin registros
      </Text>
    );
  }
  return (
    <Timeline bulletSize={12} lineWidth={2} data-testid="latest-activity">
      {items.map((item) => (
        <Timeline.Item
          key={item.v_uid}
          title={
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {item.v_activity}
              </Text>
              <Badge size="xs" variant="light" tt="none">
                {item.v_section}
              </Badge>
            </Group>
          }
        >
          <Text size="xs" c="dimmed">
            <DateText value={item.d_create_at} withTime inherit />
            {showUser ? ` · ${item.v_user_name ?? item.v_user_email ?? EMPTY}${item.v_client ? ` (${item.v_client})` : ''}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function FarDashboard({ data }: { data: FarSummary }) {
  return (
    <Stack gap="lg">
      <Staged>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
          <StatCard label="Administradores" value={data.totals.FAR} icon={IconShieldCheck} color="far" testId="stat-far" />
          <StatCard label="Usuarios Business" value={data.totals.BUS} icon={IconBuilding} color="teal" testId="stat-bus" />
          <StatCard label="Usuarios Wallet" value={data.totals.WAL} icon={IconWallet} color="grape" testId="stat-wal" />
          <StatCard label="Usuarios bloqueados" value={data.blockedUsers} icon={IconLock} color="orange" testId="stat-blocked" />
          <StatCard label="Incidencias hoy" value={data.incidentsToday} icon={IconAlertOctagon} color="red" testId="stat-incidents" />
        </SimpleGrid>
        <AdminMoneySection />
        <Dispersions />
        <ActivityChart rows={data.activityByDay} />
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Section title="Usuarios por tipo y estatus">
            {data.usersByKindAndStatus.length === 0 ? (
              <Text c="dimmed" size="sm">
                Sin registros
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={280} type="native" tabIndex={0}>
                <Table verticalSpacing={6} data-testid="users-by-kind">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Tipo</Table.Th>
                      <Table.Th>Estatus</Table.Th>
                      <Table.Th ta="right">Usuarios</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.usersByKindAndStatus.map((r) => (
                      <Table.Tr key={`${r.kind}-${r.status}`}>
                        <Table.Td>{KIND_LABELS[r.kind] ?? r.kind}</Table.Td>
                        <Table.Td>
                          <StatusBadge status={r.status} />
                        </Table.Td>
                        <Table.Td ta="right">{integer(r.total)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Section>
          <Section
            title="Actividad reciente"
            action={
              <Anchor component={Link} to="/log" size="sm">
                Ver bitácora
              </Anchor>
            }
          >
            <LatestActivity items={data.latestActivity} />
          </Section>
        </SimpleGrid>
      </Staged>
    </Stack>
  );
}

function BusDashboard({ data }: { data: BusSummary }) {
  const total = data.usersByStatus.reduce((a, r) => a + r.total, 0);
  return (
    <Stack gap="lg">
      <Staged>
        <BusinessMoneySection />
        <Dispersions link />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <StatCard label="Usuarios de tu empresa" value={total} icon={IconUsers} color="far" testId="stat-users" />
          <Paper withBorder p="md" data-testid="users-by-status">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
              Usuarios por estatus
            </Text>
            <Group gap="md">
              {data.usersByStatus.map((r) => (
                <Group gap={6} key={r.status} wrap="nowrap">
                  <StatusBadge status={r.status} />
                  <Text fw={700}>{integer(r.total)}</Text>
                </Group>
              ))}
            </Group>
          </Paper>
        </SimpleGrid>
        {data.activityByDay ? <ActivityChart rows={data.activityByDay} /> : null}
        <Section title="Actividad reciente de tu empresa">
          <LatestActivity items={data.latestActivity} />
        </Section>
      </Staged>
    </Stack>
  );
}

function WalDashboard({ data, money }: { data: WalSummary; money?: ReactNode }) {
  const menu = useMenu();
  return (
    <Stack gap="lg">
      <Staged>
        {money}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder p="md">
            <Group wrap="nowrap">
              <ThemeIcon size={48} radius="md" variant="light" color="grape">
                <IconWallet size={26} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={700} size="lg">
                  {data.user.v_names}
                </Text>
                <Group gap={6}>
                  <IconCalendarCheck size={16} />
                  <Text size="sm" c="dimmed">
                    {data.user.d_activation_at ? `Cuenta activa desde el ${date(data.user.d_activation_at)}` : 'Tu cuenta aún no está activada'}
                  </Text>
                </Group>
              </Stack>
            </Group>
          </Paper>
          <Paper withBorder p="md">
            <Text fw={600} size="sm" mb="xs">
              Accesos rápidos
            </Text>
            <Group gap="xs">
              {(menu.data ?? []).map((entry) => (
                <Anchor key={entry.v_uid} component={Link} to={entry.v_url} size="sm">
                  {entry.v_name}
                </Anchor>
              ))}
            </Group>
          </Paper>
        </SimpleGrid>
        <Section title="Tu actividad reciente">
          <LatestActivity items={data.latestActivity} showUser={false} />
        </Section>
      </Staged>
    </Stack>
  );
}

/** `walletMoney`: the wallet's balance, budgets and movements (features/wallet, joined by the router). */
export function DashboardPage({ walletMoney }: { walletMoney?: ReactNode }) {
  const summary = useSummary();
  const me = useMe();
  const name = me.data ? fullName(me.data) : '';
  const kind = me.data?.kind ?? summary.data?.kind;
  // A business's money is the tallest section, on top: asked for with the summary (not after it)
  // and waited for, so nothing moves when it arrives (layout shift, docs/decisions/0019).
  const money = useBusinessMoney(me.data?.kind === 'BUS');
  const ready = summary.data && (summary.data.kind !== 'BUS' || !money.isPending) ? summary : undefined;
  // The figures are rendered in the background, in slices that leave the page responsive, while the
  // header (the greeting is the largest text of the first screen) is already shown: the header
  // needs only the person, the figures wait for the summary (and a business's money) under it.
  const shown = useDeferredValue(ready, undefined);
  if (me.isPending) return <LoadingScreen label="Cargando el resumen…" />;
  return (
    <>
      <PageHeader
        title={kind === 'WAL' ? 'Mi resumen' : 'Dashboard'}
        description={name ? `Hola, ${name}. Este es el resumen de tu operación.` : 'Resumen de tu operación.'}
        actions={
          shown?.dataUpdatedAt ? (
            <Text size="xs" c="dimmed">
              Actualizado: <DateText value={new Date(shown.dataUpdatedAt)} withTime inherit />
            </Text>
          ) : null
        }
      />
      {summary.isError ? (
        <ErrorAlert error={summary.error} title="No fue posible cargar el resumen" onRetry={() => void summary.refetch()} />
      ) : !shown ? (
        <LoadingScreen label="Cargando el resumen…" />
      ) : (
        <DashboardBody summary={shown.data} walletMoney={walletMoney} />
      )}
    </>
  );
}

/** The figures under the header, by the caller's kind (memoised: the header's updates leave them alone). */
const DashboardBody = memo(function DashboardBody({ summary, walletMoney }: { summary: Summary; walletMoney?: ReactNode }) {
  return (
    <Staged>
      {summary.kind === 'FAR' ? (
        <FarDashboard data={summary} />
      ) : summary.kind === 'BUS' ? (
        <BusDashboard data={summary} />
      ) : (
        <WalDashboard data={summary} money={walletMoney} />
      )}
      {summary.kind !== 'WAL' ? (
        <Suspense fallback={null}>
          <CardsFigures kind={summary.kind} />
        </Suspense>
      ) : null}
    </Staged>
  );
});
