import { Drawer, Skeleton } from '@mantine/core';
import { ErrorAlert } from '../../components/error-alert';
import { useStaff } from './api/get-staff';
import { StaffForm } from './staff-form';

/** Edits an admin user in a side drawer; the form starts from what the server holds now. */
export function StaffEditDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useStaff(id);
  return (
    <Drawer opened={id !== null} onClose={onClose} title="Editar usuario administrador" position="right" size="xl">
      {id === null ? null : detail.isPending ? (
        <Skeleton h={480} />
      ) : detail.isError ? (
        <ErrorAlert error={detail.error} title="No fue posible cargar el usuario" onRetry={() => void detail.refetch()} />
      ) : (
        <StaffForm key={`${detail.data.Id}:${detail.dataUpdatedAt}`} user={detail.data} onCancel={onClose} onDone={onClose} />
      )}
    </Drawer>
  );
}
