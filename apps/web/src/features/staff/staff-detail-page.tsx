import type { AdminUserDetail, UserAction } from '@far/contracts';
import { Anchor, Avatar, Badge, Breadcrumbs, Button, FileButton, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { LifecycleButtons } from '../../components/lifecycle-actions';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { errorText } from '../../lib/api-client';
import { useMe } from '../../lib/api/get-me';
import { roleLabel } from '@far/contracts';
import { useCan } from '../../lib/api/get-menu-permissions';
import { date, dateTime } from '../../lib/format';
import { LIFECYCLE_TEXT, lifecycleOf } from '../../lib/lifecycle';
import { PHOTO_ACCEPT, validatePhoto } from '../../lib/photo';
import { useStaff } from './api/get-staff';
import { useStaffPhotoUrl } from './api/get-staff-photo';
import { useDepartments } from './api/list-departments';
import { useStaffActions } from './api/staff-actions';
import { useUploadStaffPhoto } from './api/upload-staff-photo';
import { STAFF_SCREEN, staffName } from './staff-page';
import { StaffEditDrawer } from './staff-edit-drawer';
import { notifyActionFailed } from '../../lib/notify';

function StaffPhoto({ user, canEdit }: { user: AdminUserDetail; canEdit: boolean }) {
  const url = useStaffPhotoUrl(user.ProfilePhotoUrl);
  const upload = useUploadStaffPhoto();
  const [error, setError] = useState<string | null>(null);
  const name = staffName(user);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');

  const onFile = (file: File | null) => {
    if (!file) return;
    const problem = validatePhoto(file);
    setError(problem);
    if (problem) return;
    upload.mutate(
      { id: user.Id, file },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'La foto se actualizó.' }),
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <Stack align="center" gap="xs">
      <Avatar src={url} size={112} radius={112} color="far" alt={url ? `Foto de ${name}` : undefined} data-testid="staff-photo">
        {initials || '?'}
      </Avatar>
      {canEdit ? (
        <>
          <FileButton onChange={onFile} accept={PHOTO_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />} loading={upload.isPending}>
                {user.ProfilePhotoUrl ? 'Cambiar foto' : 'Subir foto'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed" ta="center">
            .jpg, .jpeg, .png o .svg; máximo 2MB
          </Text>
        </>
      ) : null}
      {error ? (
        <Text size="sm" c="red" role="alert" ta="center" data-testid="photo-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One admin user: data, lifecycle dates, photo and status actions. */
export function StaffDetailPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const detail = useStaff(id);
  const departments = useDepartments();
  const act = useStaffActions();
  const canEdit = useCan(STAFF_SCREEN, 'Editar');
  const canStatus = useCan(STAFF_SCREEN, 'Desactivar');
  const [editing, setEditing] = useState(false);

  const crumbs = (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to={STAFF_SCREEN} size="sm">
        Usuarios administradores
      </Anchor>
      <Text size="sm">Detalle</Text>
    </Breadcrumbs>
  );

  if (detail.isPending) {
    return (
      <>
        {crumbs}
        <Skeleton h={36} w={320} mb="lg" />
        <Skeleton h={360} />
      </>
    );
  }
  if (detail.isError) {
    return (
      <>
        {crumbs}
        <ErrorAlert error={detail.error} title="No fue posible cargar el usuario" onRetry={() => void detail.refetch()} />
      </>
    );
  }

  const u = detail.data;
  const isSelf = u.Id === me.data?.v_uid;
  const protectedSuper = u.IsSuperAdmin && me.data?.isSuper !== true;
  const state = lifecycleOf(u.Status);
  const department = departments.data?.find((d) => d.Id === u.DepartmentId)?.Name;

  const run = (action: UserAction) =>
    act.mutate(
      { Action: action, Ids: [u.Id] },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `Se ${LIFECYCLE_TEXT[action].one} a ${u.Email}.` }),
        onError: notifyActionFailed,
      },
    );

  return (
    <>
      {crumbs}
      <PageHeader
        title={staffName(u)}
        description={
          <Group gap="xs" data-testid="record-header">
            <StatusBadge status={u.Status.Name} />
            <Badge variant="light">{roleLabel(u.Role.Name)}</Badge>
            <Text span size="sm" c="dimmed">
              {u.ClientNumber} · {u.Email}
            </Text>
          </Group>
        }
        actions={
          canEdit && !protectedSuper ? (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Editar
            </Button>
          ) : null
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg">
              <StaffPhoto user={u} canEdit={canEdit && !protectedSuper} />
            </Paper>
            <Paper withBorder p="lg">
              <Stack gap="sm">
                <Title order={2} fz="md">
                  Estatus
                </Title>
                {isSelf ? (
                  <Text size="sm" c="dimmed">
                    No puedes cambiar el estatus de tu propio usuario.
                  </Text>
                ) : protectedSuper ? (
                  <Text size="sm" c="dimmed">
                    Solo un super administrador puede cambiar el estatus de otro super administrador.
                  </Text>
                ) : canStatus ? (
                  <LifecycleButtons
                    state={state}
                    subject={`al usuario ${u.Email}`}
                    onRun={(a) => run(a)}
                    pending={act.isPending ? act.variables?.Action : null}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    Tu rol no permite cambiar el estatus.
                  </Text>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg">
              <Title order={2} fz="md" mb="md">
                Datos personales y de contacto
              </Title>
              <DetailGrid
                testId="staff-personal"
                items={[
                  { label: 'Nombre(s)', value: u.Name },
                  { label: 'Primer apellido', value: u.LastName },
                  { label: 'Segundo apellido', value: u.SecondLastName },
                  { label: 'Fecha de nacimiento', value: u.DateOfBirth ? date(u.DateOfBirth.slice(0, 10)) : null },
                  { label: 'CURP', value: u.Curp },
                  { label: 'Número de cliente', value: u.ClientNumber },
                  { label: 'Correo electrónico', value: u.Email },
                  { label: 'Correo alternativo', value: u.AltEmail },
                  { label: 'Teléfono fijo', value: u.Phone ? `${u.PhoneCode} ${u.Phone}` : null },
                  { label: 'Teléfono celular', value: u.Mobile ? `${u.MobileCode} ${u.Mobile}` : null },
                ]}
              />
            </Paper>
            <Paper withBorder p="lg">
              <Title order={2} fz="md" mb="md">
                Datos laborales
              </Title>
              <DetailGrid
                items={[
                  { label: 'Departamento', value: department ?? null },
                  { label: 'Puesto', value: u.Position },
                  { label: 'Número de empleado', value: u.EmployeeNumber },
                  { label: 'Fecha de ingreso', value: u.DateOfJoining ? date(u.DateOfJoining.slice(0, 10)) : null },
                  { label: 'Rol', value: roleLabel(u.Role.Name) },
                ]}
              />
            </Paper>
            <Paper withBorder p="lg">
              <Title order={2} fz="md" mb="md">
                Historial del usuario
              </Title>
              <DetailGrid
                testId="staff-dates"
                items={[
                  { label: 'Alta', value: dateTime(u.CreatedAt) },
                  { label: 'Activación', value: u.ActivedAt ? dateTime(u.ActivedAt) : null },
                  { label: 'Desactivación', value: u.DeActivedAt ? dateTime(u.DeActivedAt) : null },
                  { label: 'Bloqueo', value: u.BlockedAt ? dateTime(u.BlockedAt) : null },
                  { label: 'Desbloqueo', value: u.UnBlockedAt ? dateTime(u.UnBlockedAt) : null },
                  { label: 'Aceptación de términos', value: u.TermsAcceptedAt ? dateTime(u.TermsAcceptedAt) : null },
                ]}
              />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <StaffEditDrawer id={editing ? u.Id : null} onClose={() => setEditing(false)} />
    </>
  );
}
