import { roleLabel, type Role } from '@far/contracts';
import { Badge, Button, Group, Modal, Paper, Skeleton, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { IconAction } from '../../components/icon-action';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { ActiveBadge } from '../../components/status-badge';
import { DateText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { useMe } from '../../lib/api/get-me';
import { useCan } from '../../lib/api/get-menu-permissions';
import { integer } from '../../lib/format';
import { useBulkRoles, type BulkAction } from './api/bulk-roles';
import { useDeleteRole } from './api/delete-role';
import { useRole } from './api/get-role';
import { useRoles } from './api/list-roles';
import { CLIENT_KIND_LABELS, RoleForm } from './role-form';
import { notifyActionFailed } from '../../lib/notify';

const SCREEN = '/roles-permissions';
const PAGE_SIZE = 10;

type Dialog = { mode: 'create' } | { mode: 'edit' | 'view'; uid: string } | null;

const BULK_TEXT: Record<BulkAction, { verb: string; done: string; danger: boolean }> = {
  activar: { verb: 'Activar', done: 'activaron', danger: false },
  desactivar: { verb: 'Desactivar', done: 'desactivaron', danger: false },
  borrar: { verb: 'Borrar', done: 'borraron', danger: true },
};

function RoleDialogBody({ dialog, onClose }: { dialog: Exclude<Dialog, null>; onClose: () => void }) {
  const uid = dialog.mode === 'create' ? null : dialog.uid;
  const detail = useRole(uid);
  if (dialog.mode === 'create') return <RoleForm onDone={onClose} onCancel={onClose} />;
  if (detail.isPending) return <Skeleton h={320} />;
  if (detail.isError) return <ErrorAlert error={detail.error} title="No fue posible cargar el rol" onRetry={() => void detail.refetch()} />;
  return <RoleForm key={detail.data.v_uid} role={detail.data} readOnly={dialog.mode === 'view'} onDone={onClose} onCancel={onClose} />;
}

export function RolesPage() {
  // The server lets only a super administrator change roles, whatever the grants say.
  const isSuper = useMe().data?.isSuper === true;
  const canAdd = useCan(SCREEN, 'Agregar') && isSuper;
  const canEdit = useCan(SCREEN, 'Editar') && isSuper;
  const canDelete = useCan(SCREEN, 'Borrar') && isSuper;

  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 350);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);

  const roles = useRoles({ Page: page, Size: PAGE_SIZE, Search: debounced });
  const bulk = useBulkRoles();
  const remove = useDeleteRole();
  const records = roles.data?.Records;
  const systemIds = new Set((records ?? []).filter((r) => r.b_system).map((r) => r.v_uid));

  const runBulk = (action: BulkAction) => {
    const uids = [...selected];
    const text = BULK_TEXT[action];
    openConfirmDialog({
      title: `${text.verb} roles`,
      message: `Se van a ${text.verb.toLowerCase()} ${uids.length} ${uids.length === 1 ? 'rol' : 'roles'}. Si alguno no se puede, no se cambia ninguno.`,
      confirmLabel: text.verb,
      danger: text.danger,
      onConfirm: () =>
        bulk.mutate(
          { Action: action, Uids: uids },
          {
            onSuccess: ({ Affected }) => {
              setSelected(new Set());
              notifications.show({ color: 'green', message: `Se ${text.done} ${integer(Affected)} ${Affected === 1 ? 'rol' : 'roles'}.` });
            },
            onError: notifyActionFailed,
          },
        ),
    });
  };

  const askDelete = (role: Role) =>
    openConfirmDialog({
      title: 'Borrar rol',
      message: `¿Borrar el rol «${roleLabel(role.v_name)}»? Esta acción no se puede deshacer.`,
      confirmLabel: 'Borrar',
      danger: true,
      onConfirm: () =>
        remove.mutate(role.v_uid, {
          onSuccess: () => {
            setSelected((s) => {
              const next = new Set(s);
              next.delete(role.v_uid);
              return next;
            });
            notifications.show({ color: 'green', message: `El rol «${roleLabel(role.v_name)}» se borró.` });
          },
          onError: (e) => notifications.show({ color: 'red', title: 'No se borró el rol', message: errorText(e) }),
        }),
    });

  const columns: Column<Role>[] = [
    {
      key: 'name',
      stack: 'title',
      header: 'Nombre',
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {roleLabel(r.v_name)}
          </Text>
          {r.b_system ? (
            <Badge size="xs" variant="outline" color="gray">
              Sistema
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'kind', header: 'Tipo de cliente', render: (r) => <Text size="sm">{CLIENT_KIND_LABELS[r.v_client_prefix]}</Text> },
    { key: 'status', stack: 'status', header: 'Estatus', render: (r) => <ActiveBadge active={r.i_active} /> },
    { key: 'users', header: 'Usuarios', align: 'right', render: (r) => integer(r.i_users) },
    { key: 'updated', header: 'Actualizado', render: (r) => <DateText size="sm" value={r.d_update_at} withTime /> },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEdit ? (
            <IconAction tip="Editar" label={`Editar ${roleLabel(r.v_name)}`} icon={IconPencil} onClick={() => setDialog({ mode: 'edit', uid: r.v_uid })} />
          ) : (
            <IconAction tip="Ver detalle" label={`Ver ${roleLabel(r.v_name)}`} icon={IconEye} onClick={() => setDialog({ mode: 'view', uid: r.v_uid })} />
          )}
          {canDelete && !r.b_system ? (
            <IconAction tip="Borrar" label={`Borrar ${roleLabel(r.v_name)}`} color="red" icon={IconTrash} onClick={() => askDelete(r)} />
          ) : null}
        </Group>
      ),
    },
  ];

  const canBulk = canEdit || canDelete;

  return (
    <>
      <PageHeader
        title="Roles y permisos"
        description="Define qué secciones ve cada rol y qué puede hacer en ellas."
        actions={
          canAdd ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ mode: 'create' })}>
              Nuevo rol
            </Button>
          ) : null
        }
      />

      <Paper withBorder p="sm" mb="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <TextInput
            aria-label="Buscar rol"
            placeholder="Buscar por nombre"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 320 }}
          />
          {canBulk && selected.size > 0 ? (
            <Group gap="xs" data-testid="bulk-actions">
              <Text size="sm" c="dimmed">
                {selected.size} {selected.size === 1 ? 'seleccionado' : 'seleccionados'}
              </Text>
              {canEdit ? (
                <>
                  <Button size="xs" variant="light" onClick={() => runBulk('activar')} loading={bulk.isPending && bulk.variables?.Action === 'activar'}>
                    Activar
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="gray"
                    onClick={() => runBulk('desactivar')}
                    loading={bulk.isPending && bulk.variables?.Action === 'desactivar'}
                  >
                    Desactivar
                  </Button>
                </>
              ) : null}
              {canDelete ? (
                <Button size="xs" variant="light" color="red" onClick={() => runBulk('borrar')} loading={bulk.isPending && bulk.variables?.Action === 'borrar'}>
                  Borrar
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
      </Paper>

      <DataTable
        testId="roles-table"
        columns={columns}
        rows={records}
        getRowId={(r) => r.v_uid}
        loading={roles.isFetching}
        error={roles.isError ? roles.error : null}
        onRetry={() => void roles.refetch()}
        selection={canBulk ? { selected, onChange: setSelected, isSelectable: (id) => !systemIds.has(id) } : undefined}
        paging={roles.data ? { page: roles.data.Page, totalPages: roles.data.TotalPages, total: roles.data.TotalRecords, onPageChange: setPage } : undefined}
      />

      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.mode === 'create' ? 'Nuevo rol' : dialog?.mode === 'edit' ? 'Editar rol' : 'Detalle del rol'}
        size="xl"
        centered
      >
        {dialog ? <RoleDialogBody dialog={dialog} onClose={() => setDialog(null)} /> : null}
      </Modal>
    </>
  );
}
