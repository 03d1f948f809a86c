import type { UserListItem } from '@far/contracts';
import { Button, Drawer, Group, Text } from '@mantine/core';
import { IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { IconAction } from '../../components/icon-action';
import { type Column } from '../../components/data-table';
import { datedStatusColumns, personColumn, roleColumn } from '../../components/people-columns';
import { lifecycleBulk, permittedActions } from '../../components/lifecycle-actions';
import { ListScaffold, fromPage, useListState } from '../../components/list-scaffold';
import { PageHeader } from '../../components/page-header';
import { useMe } from '../../lib/api/get-me';
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
    actions: permittedActions(canStatus, canDelete),
    statusOf: (u: UserListItem) => lifecycleOf(u.Status),
    getId: (u) => u.Id,
    mutation: act,
    noun: NOUN,
    onDone: () => list.setSelected(new Set()),
  });

  const columns: Column<UserListItem>[] = [
    personColumn<UserListItem>('Nombre', staffName),
    roleColumn(),
    ...datedStatusColumns<UserListItem>(),
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (u) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <IconAction tip="Ver detalle" label={`Ver ${u.Email}`} icon={IconEye} onClick={() => navigate(`${STAFF_SCREEN}/${u.Id}`)} />
          {canEdit && !(u.Role.Name === 'super' && !isSuper) ? (
            <IconAction tip="Editar" label={`Editar ${u.Email}`} icon={IconPencil} onClick={() => setEditing(u.Id)} />
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
        filters={<ListFilters list={list} searchLabel="Buscar usuario" searchPlaceholder="Nombre, correo o celular" />}
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
