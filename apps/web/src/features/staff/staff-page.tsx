import type { UserListItem } from '@far/contracts';
import { ActionIcon, Button, Drawer, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Column } from '../../components/data-table';
import { lifecycleBulk } from '../../components/lifecycle-actions';
import { ListScaffold, fromPage, useListState } from '../../components/list-scaffold';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { DateText } from '../../components/value-text';
import { roleLabel, useMe } from '../../lib/api/get-me';
import { useCan } from '../../lib/api/get-menu-permissions';
import { fullName } from '../../lib/format';
import { useStaffList } from './api/list-staff';
import { useStaffActions } from './api/staff-actions';
import { StaffEditDrawer } from './staff-edit-drawer';
import { StaffForm } from './staff-form';
import { ListFilters, NO_PEOPLE_FILTERS, peopleQuery } from '../../components/list-filters';
import { lifecycleOf } from '../../lib/lifecycle';

export const STAFF_SCREEN = '/user/techfar';
const NOUN = { one: 'usuario', many: 'usuarios' };

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

  const list = useListState(NO_PEOPLE_FILTERS);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  const query = useStaffList(peopleQuery(list));
  const act = useStaffActions();
  // Nobody acts on themselves, and only a super admin acts on a super admin.
  const lockedRow = (u: UserListItem) => u.Id === me.data?.v_uid || (u.Role.Name === 'super' && !isSuper);
  const bulk = lifecycleBulk({
    actions: [...(canStatus ? (['activar', 'desactivar', 'bloquear', 'desbloquear'] as const) : []), ...(canDelete ? (['borrar'] as const) : [])],
    statusOf: (u: UserListItem) => lifecycleOf(u.Status),
    getId: (u) => u.Id,
    mutation: act,
    noun: NOUN,
    onDone: () => list.setSelected(new Set()),
  });

  const columns: Column<UserListItem>[] = [
    {
      key: 'name',
      header: 'Nombre',
      sortField: 'Name',
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
    { key: 'created', header: 'Fecha de alta', sortField: 'CreationDate', render: (u) => <DateText size="sm" value={u.CreationDate} /> },
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

      <ListScaffold
        testId="staff-table"
        list={list}
        query={query}
        page={fromPage(query.data)}
        columns={columns}
        getRowId={(u) => u.Id}
        filters={<ListFilters list={list} searchLabel="Buscar usuario" searchPlaceholder="Buscar por nombre o correo" />}
        emptyText="Aún no hay usuarios administradores"
        filteredEmptyText="Ningún usuario coincide con los filtros"
        bulk={{ ...bulk, isSelectable: (u) => !lockedRow(u) }}
        onRowClick={(u) => navigate(`${STAFF_SCREEN}/${u.Id}`)}
        rowLabel={(u) => `Ver ${u.Email}`}
      />
      {query.data && query.data.TotalRecords > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          Tu propio usuario no se puede seleccionar.
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
