import { INCIDENT_TYPES, MENU_SEED, incidentTypeLabel } from '@far/contracts';
import { Autocomplete, Badge, Button, Code, Grid, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { type DatesRangeValue } from '@mantine/dates';
import { IconActivity, IconAlertOctagon, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { type Column } from '../../components/data-table';
import { FilterSelect } from '../../components/list-filters';
import { ListScaffold, fromPerPage, useListState } from '../../components/list-scaffold';
import { PeriodInput } from '../../components/day-input';
import { PageHeader } from '../../components/page-header';
import { DateText } from '../../components/value-text';
import { EMPTY } from '../../lib/format';
import { useActivityLog, useIncidentLog, type ActivityItem, type IncidentItem, type LogsFilter } from './api/list-logs';

type Kind = 'activity' | 'incident';

/** Suggestions only: the server filters by the exact text, and new sections appear as modules grow. */
const SECTION_SUGGESTIONS = [...new Set(['Sesión', 'Seguridad', 'Perfil', 'Alta Wallet', ...MENU_SEED.map((e) => e.v_name)])];
const INCIDENT_TYPE_OPTIONS = Object.entries(INCIDENT_TYPES).map(([value, label]) => ({ value, label }));

interface Filters {
  search: string;
  section: string;
  range: DatesRangeValue<string>;
}

const EMPTY_FILTERS: Filters = { search: '', section: '', range: [null, null] };

/** When it happened: first on a desktop, on top of each card on a phone. */
const dateColumn = <T extends { d_create_at: string }>(): Column<T> => ({
  key: 'date',
  stack: 'date',
  header: 'Fecha',
  width: 150,
  sortValue: (r) => r.d_create_at,
  render: (r) => <DateText size="sm" value={r.d_create_at} withTime />,
});

const activityColumns: Column<ActivityItem>[] = [
  dateColumn<ActivityItem>(),
  {
    key: 'user',
    sortValue: (r) => r.v_user_name,
    header: 'Usuario',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {r.v_user_name ?? EMPTY}
        </Text>
        <Text size="xs" c="dimmed">
          {r.v_user_email ?? ''}
        </Text>
      </Stack>
    ),
  },
  { key: 'client', header: 'Cliente', render: (r) => <Text size="sm">{r.v_client ?? EMPTY}</Text> },
  {
    key: 'section',
    header: 'Sección',
    sortValue: (r) => r.v_section,
    render: (r) => (
      <Badge variant="light" tt="none">
        {r.v_section}
      </Badge>
    ),
  },
  { key: 'action', header: 'Acción', render: (r) => <Text size="sm">{r.v_action}</Text> },
  { key: 'activity', stack: 'title', header: 'Actividad', render: (r) => <Text size="sm">{r.v_activity}</Text> },
];

function useFilterState() {
  const list = useListState(EMPTY_FILTERS);
  const { applied } = list;
  const query: LogsFilter = {
    page: list.page,
    perPage: list.size,
    search: applied.search,
    section: applied.section,
    from: applied.range[0],
    to: applied.range[1] ?? applied.range[0],
  };
  return { list, filters: list.filters, update: list.setFilter, reset: list.reset, query };
}

function FilterBar({ kind, filters, update, reset }: { kind: Kind } & Pick<ReturnType<typeof useFilterState>, 'filters' | 'update' | 'reset'>) {
  const active = filters.search !== '' || filters.section !== '' || filters.range[0] !== null;
  return (
    <Grid align="flex-end" gap="sm" w="100%">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <TextInput
          label="Buscar"
          placeholder={kind === 'activity' ? 'Actividad, acción, sección o cliente' : 'Mensaje o detalle'}
          leftSection={<IconSearch size={16} />}
          value={filters.search}
          onChange={(e) => update({ search: e.currentTarget.value })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        {kind === 'activity' ? (
          <Autocomplete
            label="Sección"
            placeholder="Todas"
            data={SECTION_SUGGESTIONS}
            value={filters.section}
            onChange={(v) => update({ section: v })}
            clearable
          />
        ) : (
          <FilterSelect label="Tipo" all="Todos" data={INCIDENT_TYPE_OPTIONS} value={filters.section || null} onChange={(v) => update({ section: v ?? '' })} />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <PeriodInput value={filters.range} onChange={(range) => update({ range })} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 2 }}>
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={reset} disabled={!active} fullWidth>
          Limpiar filtros
        </Button>
      </Grid.Col>
    </Grid>
  );
}

function ActivityTab() {
  const state = useFilterState();
  const log = useActivityLog(state.query);
  return (
    <ListScaffold
      testId="activity-table"
      list={state.list}
      query={log}
      page={fromPerPage(log.data)}
      columns={activityColumns}
      getRowId={(r) => r.v_uid}
      filters={<FilterBar kind="activity" {...state} />}
      emptyText="Aún no hay actividad registrada"
      filteredEmptyText="Ninguna actividad coincide con los filtros"
    />
  );
}

function IncidentsTab() {
  const state = useFilterState();
  const log = useIncidentLog(state.query);
  const columns: Column<IncidentItem>[] = [
    dateColumn<IncidentItem>(),
    {
      key: 'type',
      stack: 'status',
      header: 'Tipo',
      sortValue: (r) => r.v_type,
      render: (r) => (
        <Badge color="red" variant="light" tt="none">
          {incidentTypeLabel(r.v_type)}
        </Badge>
      ),
    },
    { key: 'message', stack: 'title', header: 'Mensaje', render: (r) => <Text size="sm">{r.v_message}</Text> },
    { key: 'client', header: 'Cliente', sortValue: (r) => r.v_client, render: (r) => <Text size="sm">{r.v_client ?? EMPTY}</Text> },
  ];
  return (
    <ListScaffold
      testId="incidents-table"
      list={state.list}
      query={log}
      page={fromPerPage(log.data)}
      columns={columns}
      getRowId={(r) => r.v_uid}
      filters={<FilterBar kind="incident" {...state} />}
      emptyText="Sin incidencias registradas"
      filteredEmptyText="Ninguna incidencia coincide con los filtros"
      detail={{
        title: () => 'Detalle de la incidencia',
        label: (r) => `Ver incidencia ${r.v_message}`,
        render: (detail) => (
          <Stack gap="sm">
            <Group gap="xs">
              <Badge color="red" variant="light" tt="none">
                {incidentTypeLabel(detail.v_type)}
              </Badge>
              <DateText size="sm" c="dimmed" value={detail.d_create_at} withTime />
            </Group>
            <Text fw={500}>{detail.v_message}</Text>
            {detail.t_detail ? (
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {detail.t_detail}
              </Code>
            ) : null}
          </Stack>
        ),
      }}
    />
  );
}

export function LogsPage() {
  const [tab, setTab] = useState<Kind>('activity');
  return (
    <>
      <PageHeader title="Logs" description="Bitácora de lo que hacen los usuarios y de los errores que detecta el sistema." />
      <Tabs value={tab} onChange={(v) => setTab(v === 'incident' ? 'incident' : 'activity')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="activity" leftSection={<IconActivity size={16} />}>
            Actividad de usuarios
          </Tabs.Tab>
          <Tabs.Tab value="incident" leftSection={<IconAlertOctagon size={16} />}>
            Incidencias del sistema
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="activity">
          <ActivityTab />
        </Tabs.Panel>
        <Tabs.Panel value="incident">
          <IncidentsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
