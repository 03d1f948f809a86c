import { MOVEMENT_STATUS_NAMES, MOVEMENT_TYPES, MOVEMENT_TYPE_NAMES, type BusinessMovement, type MovementType } from '@far/contracts';
import { Badge, Button, Grid, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { type DatesRangeValue } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconFileTypeCsv, IconFilterOff, IconSearch, IconTools } from '@tabler/icons-react';
import { BalanceCards } from '../../components/balance-cards';
import { type Column } from '../../components/data-table';
import { FilterSelect } from '../../components/list-filters';
import { ListScaffold, fromPage, useListState } from '../../components/list-scaffold';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingScreen } from '../../components/loading-screen';
import { MOVEMENT_SEARCH_HINT } from '../../components/movement-id';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { PeriodInput } from '../../components/day-input';
import { PageHeader } from '../../components/page-header';
import { DateText, MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { useMe } from '../../lib/api/get-me';
import { apiCentsOr0 } from '../../lib/money';
import { useExportMovements, type ExportFormat } from './api/export-movements';
import { useBalance } from './api/get-balance';
import { useMovements, type MovementFilters } from './api/list-movements';
import { MOVEMENT_TYPE_SHORT } from './labels';
import { Counterparty, ProofButton, SignedAmount } from './movement-cells';
import { MovementDetailBody } from './movement-detail';

interface FilterState {
  range: DatesRangeValue<string>;
  type: MovementType | null;
  status: string | null;
  search: string;
}
const EMPTY_FILTERS: FilterState = { range: [null, null], type: null, status: null, search: '' };

const TYPE_COLORS: Record<MovementType, string> = {
  SPEI_OUT: 'red',
  SPEI_IN: 'teal',
  DEPOSIT: 'blue',
  WALLET_OUT: 'grape',
  WALLET_IN: 'cyan',
  CARD_FUNDING: 'orange',
  BUDGET_ADD: 'gray',
  BUDGET_MINUS: 'gray',
  SPEI_OUT_RETURN: 'teal',
  LEDGER_IN: 'teal',
  LEDGER_OUT: 'red',
};

const columns: Column<BusinessMovement>[] = [
  { key: 'date', header: 'Fecha', width: 150, sortField: 'MovementDate', stack: 'date', render: (m) => <DateText size="sm" value={m.MovementDate} withTime /> },
  {
    key: 'type',
    header: 'Tipo',
    sortField: 'MovementType',
    render: (m) => (
      <Badge variant="light" color={TYPE_COLORS[m.MovementType]} tt="none" miw="max-content" title={MOVEMENT_TYPE_NAMES[m.MovementType]}>
        {MOVEMENT_TYPE_SHORT[m.MovementType]}
      </Badge>
    ),
  },
  { key: 'party', header: 'Contraparte', width: 210, stack: 'title', render: (m) => <Counterparty m={m} /> },
  {
    key: 'concept',
    header: 'Concepto',
    render: (m) => (
      <Stack gap={0}>
        <Text size="sm">{m.Concept ?? '—'}</Text>
        {m.Reference ? (
          <Text size="xs" c="dimmed">
            Ref. {m.Reference}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'key',
    header: 'Clave de rastreo',
    render: (m) => (
      <Text size="xs" className="tabular">
        {m.TrackingKey ?? '—'}
      </Text>
    ),
  },
  {
    key: 'amount',
    header: 'Importe',
    align: 'right',
    sortField: 'MovementAmount',
    stack: 'amount',
    render: (m) => {
      const fees = apiCentsOr0(m.Commission) + apiCentsOr0(m.IVA);
      return (
        <Stack gap={0} align="flex-end">
          <SignedAmount m={m} />
          {fees > 0n ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              Comisión + IVA <MoneyText cents={fees} inherit />
            </Text>
          ) : null}
        </Stack>
      );
    },
  },
  {
    key: 'status',
    header: 'Estatus',
    sortField: 'StatusBusinessMovement',
    stack: 'status',
    render: (m) => <MovementStatusBadge status={m.StatusBusinessMovement} />,
  },
  { key: 'proof', header: '', align: 'right', render: (m) => <ProofButton m={m} /> },
];

function BusinessMovements() {
  const balance = useBalance(undefined, { refetchInterval: 15_000 });
  const list = useListState(EMPTY_FILTERS);
  const { filters, applied, setFilter: update } = list;
  const query: MovementFilters = {
    From: applied.range[0],
    To: applied.range[1] ?? applied.range[0],
    Type: applied.type,
    Status: applied.status === null ? null : Number(applied.status),
    Search: applied.search,
  };
  const movements = useMovements(query, list.page, list.size, list.sort);
  const exporter = useExportMovements();
  const active = filters.range[0] !== null || filters.type !== null || filters.status !== null || filters.search !== '';

  const runExport = (format: ExportFormat) =>
    exporter.mutate(
      { filters: query, format },
      { onError: (e) => notifications.show({ color: 'red', title: 'No se generó el archivo', message: errorText(e) }) },
    );

  return (
    <Stack gap="lg">
      <BalanceCards
        balance={balance.data}
        loading={balance.isPending}
        error={balance.isError ? balance.error : undefined}
        onRetry={() => void balance.refetch()}
      />
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="md">
            Movimientos
          </Title>
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              leftSection={<IconFileTypeCsv size={16} />}
              loading={exporter.isPending && exporter.variables.format === 'csv'}
              disabled={exporter.isPending}
              onClick={() => runExport('csv')}
            >
              Exportar CSV
            </Button>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={exporter.isPending && exporter.variables.format === 'xlsx'}
              disabled={exporter.isPending}
              onClick={() => runExport('xlsx')}
            >
              Exportar XLSX
            </Button>
          </Group>
        </Group>
        <ListScaffold
          testId="movements-table"
          list={list}
          query={movements}
          page={fromPage(movements.data)}
          columns={columns}
          getRowId={(m) => m.Id}
          emptyText="Aún no tienes movimientos"
          filteredEmptyText="Sin movimientos que coincidan con los filtros"
          detail={{
            title: () => 'Detalle del movimiento',
            label: (m) => `Ver movimiento ${m.TrackingKey ?? m.Concept ?? ''} (${m.MovementName})`.replace('  ', ' '),
            render: (m) => <MovementDetailBody row={m} />,
          }}
          filters={
            <Grid align="flex-end" gap="sm" w="100%">
              <Grid.Col span={{ base: 12, md: 3 }}>
                <TextInput
                  label="Buscar"
                  {...MOVEMENT_SEARCH_HINT}
                  leftSection={<IconSearch size={16} />}
                  value={filters.search}
                  onChange={(e) => update({ search: e.currentTarget.value })}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                <PeriodInput value={filters.range} onChange={(range) => update({ range })} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
                <FilterSelect
                  label="Tipo"
                  all="Todos"
                  data={MOVEMENT_TYPES.filter((t) => !t.startsWith('WALLET') && !t.startsWith('BUDGET')).map((t) => ({
                    value: t,
                    label: MOVEMENT_TYPE_SHORT[t],
                  }))}
                  value={filters.type}
                  onChange={(v) => update({ type: (v as MovementType | null) ?? null })}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
                <FilterSelect
                  label="Estatus"
                  all="Todos"
                  data={Object.entries(MOVEMENT_STATUS_NAMES).map(([value, label]) => ({ value, label }))}
                  value={filters.status}
                  onChange={(v) => update({ status: v })}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 2 }}>
                <Button variant="subtle" px={6} leftSection={<IconFilterOff size={16} />} onClick={() => update(EMPTY_FILTERS)} disabled={!active} fullWidth>
                  Limpiar
                </Button>
              </Grid.Col>
            </Grid>
          }
        />
      </Stack>
    </Stack>
  );
}

/** Saldos y movimientos (/movement). */
export function MovementsPage() {
  const me = useMe();
  return (
    <>
      <PageHeader title="Saldos y movimientos" description={me.data?.kind === 'WAL' ? undefined : 'Tu saldo y cada peso que entra o sale de tu cuenta.'} />
      {me.isPending ? (
        <LoadingScreen label="Cargando…" />
      ) : me.isError ? (
        <ErrorAlert error={me.error} title="No fue posible cargar tu cuenta" onRetry={() => void me.refetch()} />
      ) : me.data.kind === 'WAL' ? (
        <Paper withBorder p="xl" data-testid="wallet-movements-coming-soon">
          <Stack align="center" gap="sm" py="lg" ta="center">
            <ThemeIcon size={52} radius="xl" variant="light">
              <IconTools size={26} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              Los saldos de tu wallet se habilitarán próximamente
            </Text>
            <Text c="dimmed" maw={560}>
              Cuando tu wallet tenga tarjetas y saldo, aquí verás cada movimiento.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <BusinessMovements />
      )}
    </>
  );
}
