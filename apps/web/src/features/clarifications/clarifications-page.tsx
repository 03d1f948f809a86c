import type { ClarificationOut, ClarificationStatus } from '@far/contracts';
import { Button, Checkbox, Drawer, Grid, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypeCsv, IconFilterOff, IconMessagePlus, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { DueText } from '../../components/due-text';
import type { Column } from '../../components/data-table';
import { FilterSelect } from '../../components/list-filters';
import { ListScaffold, fromPage, useListState } from '../../components/list-scaffold';
import { LoadingScreen } from '../../components/loading-screen';
import { PeriodInput } from '../../components/day-input';
import { PageHeader } from '../../components/page-header';
import { QueueNav } from '../../components/queue-nav';
import { StatusBadge } from '../../components/status-badge';
import { DateText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { useMe } from '../../lib/api/get-me';
import { useCan } from '../../lib/api/get-menu-permissions';
import { useExportCsv } from './api/mutations';
import { useCaseTypes, useCases, type CaseFilters } from './api/queries';
import { CaseDetail } from './case-detail';
import { STATUS_OPTIONS, timeLeftText } from './labels';
import { OpenCaseForm } from './open-case-form';

const EMPTY_FILTERS: CaseFilters = { Search: '', Status: null, TypeId: null, Client: '', range: [null, null], Overdue: false, Mine: false };

function columnsFor(staff: boolean): Column<ClarificationOut>[] {
  return [
    {
      key: 'folio',
      stack: 'title',
      header: 'Folio',
      render: (c) => (
        <Text size="sm" fw={600} className="tabular">
          {c.v_num_sheet}
        </Text>
      ),
    },
    { key: 'date', stack: 'date', header: 'Fecha', sortValue: (c) => c.d_create_at, render: (c) => <DateText size="sm" value={c.d_create_at} withTime /> },
    ...(staff
      ? [
          {
            key: 'client',
            header: 'Cliente',
            render: (c: ClarificationOut) => (
              <Stack gap={0}>
                <Text size="sm">{c.ClientName ?? c.v_client}</Text>
                <Text size="xs" c="dimmed">
                  {c.v_client}
                </Text>
              </Stack>
            ),
          },
        ]
      : []),
    { key: 'type', header: 'Tipo', render: (c) => <Text size="sm">{c.TypeName}</Text> },
    { key: 'status', stack: 'status', header: 'Estatus', render: (c) => <StatusBadge status={c.Status} /> },
    {
      key: 'due',
      header: staff ? 'Tiempo restante' : 'Respuesta',
      sortValue: (c) => c.MinutesLeft,
      render: (c) => <DueText overdue={c.Overdue}>{timeLeftText(c)}</DueText>,
    },
    ...(staff ? [{ key: 'assignee', header: 'Atiende', render: (c: ClarificationOut) => <Text size="sm">{c.AssigneeName ?? 'Sin asignar'}</Text> }] : []),
  ];
}

function Filters({ staff, filters, update, reset }: { staff: boolean; filters: CaseFilters; update: (p: Partial<CaseFilters>) => void; reset: () => void }) {
  const types = useCaseTypes();
  const active = JSON.stringify(filters) !== JSON.stringify(EMPTY_FILTERS);
  return (
    <Grid align="flex-end" gap="sm" w="100%">
      <Grid.Col span={{ base: 12, md: staff ? 3 : 4 }}>
        <TextInput
          label="Buscar"
          placeholder={staff ? 'Folio, clave de rastreo, cliente o comentario' : 'Folio, clave de rastreo o comentario'}
          leftSection={<IconSearch size={16} />}
          value={filters.Search}
          onChange={(e) => update({ Search: e.currentTarget.value })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <FilterSelect
          label="Estatus"
          all="Todos"
          data={STATUS_OPTIONS}
          value={filters.Status}
          onChange={(v) => update({ Status: v as ClarificationStatus | null })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <FilterSelect
          label="Tipo"
          all="Todos"
          data={(types.data ?? []).map((t) => ({ value: t.Id, label: t.Value }))}
          value={filters.TypeId}
          onChange={(v) => update({ TypeId: v })}
        />
      </Grid.Col>
      {staff ? (
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput label="Cliente" placeholder="BUS000001" value={filters.Client} onChange={(e) => update({ Client: e.currentTarget.value })} />
        </Grid.Col>
      ) : null}
      <Grid.Col span={{ base: 6, md: staff ? 3 : 4 }}>
        <PeriodInput value={filters.range} onChange={(range) => update({ range })} />
      </Grid.Col>
      {staff ? (
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Group gap="lg">
            <Checkbox
              label="Solo vencidas"
              checked={filters.Overdue}
              onChange={(e) => update({ Overdue: e.currentTarget.checked })}
              data-testid="filter-overdue"
            />
            <Checkbox label="Asignadas a mí" checked={filters.Mine} onChange={(e) => update({ Mine: e.currentTarget.checked })} />
          </Group>
        </Grid.Col>
      ) : null}
      <Grid.Col span={{ base: 12, md: staff ? 4 : 12 }}>
        <Group justify="flex-end">
          <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={reset} disabled={!active}>
            Limpiar filtros
          </Button>
        </Group>
      </Grid.Col>
    </Grid>
  );
}

/**
 * Aclaraciones (/clarification). Staff: the queue, most urgent first, with the time left and the
 * overdue flag. A business or a wallet user: their cases, opened here or from a movement
 * (`?tracking=<key>`, from /movement and the business dashboard). Either
 * opens a case's detail with `?uid=<id>` (the notices link there).
 */
export function ClarificationsPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const list = useListState(EMPTY_FILTERS);
  const cases = useCases(list.applied, list.page, list.size);
  const csv = useExportCsv();
  const canOpen = useCan('/clarification', 'Agregar');
  const uid = params.get('uid');
  const tracking = params.get('tracking');
  const opening = params.get('nueva') !== null || tracking !== null;
  if (me.isPending) return <LoadingScreen label="Cargando…" />;
  const staff = me.data?.kind === 'FAR';
  const close = () => setParams({}, { replace: true });

  return (
    <>
      <PageHeader
        title="Aclaraciones"
        description={staff ? 'Casos de los clientes: los más urgentes primero.' : 'Tus aclaraciones sobre movimientos y su seguimiento.'}
        actions={
          staff ? (
            <Button
              variant="light"
              leftSection={<IconFileTypeCsv size={16} />}
              loading={csv.isPending}
              onClick={() => csv.mutate(list.applied, { onError: (e) => notifications.show({ color: 'red', title: 'No se exportó', message: errorText(e) }) })}
            >
              Exportar CSV
            </Button>
          ) : canOpen ? (
            <Button leftSection={<IconMessagePlus size={16} />} onClick={() => setParams({ nueva: '' })} data-testid="new-case">
              Abrir aclaración
            </Button>
          ) : null
        }
      />
      {staff ? <QueueNav /> : null}
      <ListScaffold
        testId="cases-table"
        list={list}
        query={cases}
        page={fromPage(cases.data)}
        columns={columnsFor(staff)}
        getRowId={(c) => c.v_uid}
        filters={<Filters staff={staff} filters={list.filters} update={list.setFilter} reset={list.reset} />}
        onRowClick={(c) => setParams({ uid: c.v_uid })}
        rowLabel={(c) => `Ver aclaración ${c.v_num_sheet}`}
        emptyText={staff ? 'No hay aclaraciones' : 'Aún no has abierto aclaraciones'}
        filteredEmptyText="Ninguna aclaración coincide con los filtros"
      />
      <Drawer opened={uid !== null} onClose={close} position="right" size="lg" title="Aclaración" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        {uid && me.data ? <CaseDetail uid={uid} staff={staff} meId={me.data.v_uid} /> : null}
      </Drawer>
      <Modal opened={opening && !staff} onClose={close} title="Abrir aclaración" size="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        <OpenCaseForm
          tracking={tracking}
          onCancel={close}
          onDone={(c) => {
            notifications.show({ color: 'green', title: 'Aclaración registrada', message: `Folio ${c.v_num_sheet}` });
            setParams({ uid: c.v_uid }, { replace: true });
          }}
        />
      </Modal>
    </>
  );
}
