import type { StatusFilterName, UserListItem } from '@far/contracts';
import { ActionIcon, Button, Drawer, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { BulkActionBar } from '../../components/lifecycle-actions';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { DateText } from '../../components/value-text';
import { roleLabel, useMe } from '../../lib/api/get-me';
import { useCan } from '../../lib/api/get-menu-permissions';
import { fullName, integer } from '../../lib/format';
import { useStaffList } from './api/list-staff';
import { useStaffActions } from './api/staff-actions';
import { StaffEditDrawer } from './staff-edit-drawer';
import { StaffForm } from './staff-form';
import { ListFilters } from '../../components/list-filters';
import { notifyActionFailed, notifyBulkDone } from '../../lib/notify';

export const STAFF_SCREEN = '/user/techfar';
const PAGE_SIZE = 10;
const NOUN = { one: 'usuario', many: 'usuarios' };

type Action = 'activar' | 'desactivar' | 'bloquear' | 'desbloquear' | 'borrar';

export const staffName = (u: Pick<UserListItem, 'Name' | 'LastName' | 'SecondLastName'>) =>
  fullName({ v_names: u.Name, v_last_name_1: u.LastName, v_last_name_2: u.SecondLastName });

/** Usuarios administradores: the provider's staff, with search, status filter, paging and bulk status changes. */
export function StaffPage() {
  const navigate = useNavigate();
  const me = useMe();
  const isSuper = me.data?.isSuper === true;
  const canAdd = useCan(STAFF_SCREEN, 'Agregar');
  const canEdit = useCan(STAFF_SCREEN, 'Editar');
  const canStatus = useCan(STAFF_SCREEN, 'Desactivar');
  const canDelete = useCan(STAFF_SCREEN, 'Borrar');

  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilterName | null>(null);
  const [debounced] = useDebouncedValue(search, 350);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  const list = useStaffList({ Page: page, Size: PAGE_SIZE, Search: debounced, Status: status });
  const act = useStaffActions();
  const records = list.data?.Records;
  // Nobody acts on themselves, and only a super admin acts on a super admin.
  const locked = new Set((records ?? []).filter((u) => u.Id === me.data?.v_uid || (u.Role.Name === 'super' && !isSuper)).map((u) => u.Id));

  const bulkActions: Action[] = [...(canStatus ? (['activar', 'desactivar', 'bloquear', 'desbloquear'] as const) : []), ...(canDelete ? (['borrar'] as const) : [])];

  const runBulk = (action: Action) => {
    const ids = [...selected];
    act.mutate(
      { Action: action, Ids: ids },
      {
        onSuccess: ({ Affected }) => {
          setSelected(new Set());
          notifyBulkDone(action, Affected, NOUN);
        },
        onError: notifyActionFailed,
      },
    );
  };

  const columns: Column<UserListItem>[] = [
    {
      key: 'name',
      header: 'Nombre',
      render: (u) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {staffName(u)}
          </Text>
          <Text size="xs" c="dimmed">
            {u.Email}
          </Text>
        </Stack>
      ),
    },
    { key: 'role', header: 'Rol', render: (u) => <Text size="sm">{roleLabel(u.Role.Name)}</Text> },
    { key: 'created', header: 'Fecha de alta', render: (u) => <DateText size="sm" value={u.CreationDate} /> },
    { key: 'status', header: 'Estatus', render: (u) => <StatusBadge status={u.Status.Name} /> },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (u) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Ver detalle">
            <ActionIcon variant="subtle" aria-label={`Ver ${u.Email}`} onClick={() => navigate(`${STAFF_SCREEN}/${u.Id}`)}>
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          {canEdit && !(u.Role.Name === 'super' && !isSuper) ? (
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar ${u.Email}`} onClick={() => setEditing(u.Id)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Usuarios administradores"
        description="El personal de FAR con acceso al portal: alta, datos, estatus y foto."
        actions={
          canAdd ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nuevo usuario
            </Button>
          ) : null
        }
      />

      <ListFilters
        searchLabel="Buscar usuario"
        searchPlaceholder="Buscar por nombre o correo"
        searchWidth={300}
        search={search}
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
        status={status}
        onStatus={(v) => {
          setStatus(v);
          setPage(1);
          setSelected(new Set());
        }}
        mb="md"
      >
        <BulkActionBar count={selected.size} actions={bulkActions} noun={NOUN} pending={act.isPending ? act.variables?.Action : null} onRun={runBulk} />
      </ListFilters>

      <DataTable
        testId="staff-table"
        columns={columns}
        rows={records}
        getRowId={(u) => u.Id}
        loading={list.isFetching}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        selection={bulkActions.length > 0 ? { selected, onChange: setSelected, isSelectable: (id) => !locked.has(id) } : undefined}
        paging={list.data ? { page: list.data.Page, totalPages: list.data.TotalPages, total: list.data.TotalRecords, onPageChange: setPage } : undefined}
      />
      {list.data && list.data.TotalRecords > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          {integer(list.data.TotalRecords)} en total. Tu propio usuario no se puede seleccionar.
        </Text>
      ) : null}

      <Drawer opened={creating} onClose={() => setCreating(false)} title="Nuevo usuario administrador" position="right" size="xl">
        {creating ? (
          <StaffForm
            onCancel={() => setCreating(false)}
            onDone={(u) => {
              setCreating(false);
              navigate(`${STAFF_SCREEN}/${u.Id}`);
            }}
          />
        ) : null}
      </Drawer>
      <StaffEditDrawer id={editing} onClose={() => setEditing(null)} />
    </>
  );
}
