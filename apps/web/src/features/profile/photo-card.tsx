import { Avatar, Badge, Button, Divider, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { StatusBadge } from '../../components/status-badge';
import { errorText } from '../../lib/api-client';
import { type MeData } from '../../lib/api/get-me';
import { roleLabel } from '@far/contracts';
import { date, fullName } from '../../lib/format';
import { usePhotoUrl } from '../../lib/api/get-my-photo';
import { useUploadPhoto, validatePhoto } from './api/upload-photo';

const ACCEPT = '.jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml';

/** Photo upload with the client-side rules of spec §5; nothing is sent when a rule fails. */
export function PhotoUploader({ hasPhoto, name }: { hasPhoto: boolean; name: string }) {
  const upload = useUploadPhoto();
  const { url } = usePhotoUrl(hasPhoto);
  const [error, setError] = useState<string | null>(null);

  const onFile = (file: File | null) => {
    if (!file) return;
    const problem = validatePhoto(file);
    setError(problem);
    if (problem) return;
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Tu foto se actualizó.' }),
      onError: (e) => setError(errorText(e)),
    });
  };

  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');

  return (
    <Stack align="center" gap="xs">
      <Avatar src={url} size={112} radius={112} color="far" alt={url ? `Foto de ${name}` : undefined} data-testid="profile-photo">
        {initials || '?'}
      </Avatar>
      <FileButton onChange={onFile} accept={ACCEPT}>
        {(props) => (
          <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />} loading={upload.isPending}>
            {hasPhoto ? 'Cambiar foto' : 'Subir foto'}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed" ta="center">
        .jpg, .jpeg, .png o .svg; máximo 2MB
      </Text>
      {error ? (
        <Text size="sm" c="red" role="alert" ta="center" data-testid="photo-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

export function PhotoCard({ me }: { me: MeData }) {
  const name = fullName(me);
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <PhotoUploader hasPhoto={me.hasPhoto} name={name} />
        <Stack gap={2} align="center" ta="center">
          <Text fw={700} size="lg">
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {me.v_email}
          </Text>
          <Group gap={6} mt={6} justify="center">
            <Badge variant="light">{roleLabel(me.role.v_name)}</Badge>
            <StatusBadge status={me.status.v_name || me.status.v_uid} />
          </Group>
        </Stack>
        <Divider />
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Número de cliente
            </Text>
            <Text size="sm" fw={500}>
              {me.v_client}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Alta
            </Text>
            <Text size="sm">{date(me.d_create_at)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Activación
            </Text>
            <Text size="sm">{date(me.d_activation_at)}</Text>
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}
