import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '../../components/error-alert';
import { notifyActionFailed } from '../../lib/notify';
import { usePreferences, useSavePreferences, type PreferenceChoice } from './api/notification-settings';

/** /profile: which notices also arrive by e-mail (every notice always appears in Notificaciones). */
export function NotificationPreferencesCard({ canEdit }: { canEdit: boolean }) {
  const prefs = usePreferences();
  const save = useSavePreferences();
  const toggle = (Kind: PreferenceChoice['Kind'], Email: boolean) =>
    save.mutate([{ Kind, Email }], {
      onSuccess: () => notifications.show({ color: 'green', message: 'Preferencias guardadas.' }),
      onError: notifyActionFailed,
    });
  return (
    <Paper withBorder p="lg" data-testid="notification-preferences">
      <Title order={2} fz="lg">
        Avisos por correo
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Todas las notificaciones aparecen en la campana y en Notificaciones. Elige cuáles también quieres recibir por correo.
      </Text>
      {prefs.isError ? <ErrorAlert error={prefs.error} title="No fue posible cargar tus preferencias" onRetry={() => void prefs.refetch()} /> : null}
      <Stack gap="xs">
        {(prefs.data?.Items ?? []).map((p) => (
          <Checkbox
            key={p.Kind}
            label={p.Label}
            checked={p.Email}
            disabled={!canEdit || save.isPending}
            onChange={(e) => toggle(p.Kind, e.currentTarget.checked)}
            data-testid={`pref-${p.Kind}`}
          />
        ))}
      </Stack>
    </Paper>
  );
}
