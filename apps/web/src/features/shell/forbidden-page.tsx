import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

export function ForbiddenPage() {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          No tienes acceso a esta sección
        </Title>
        <Text c="dimmed">Tu rol no tiene permiso para ver esta pantalla. Si crees que es un error, consulta a tu administrador.</Text>
        <Button component={Link} to="/dashboard" variant="light">
          Ir al inicio
        </Button>
      </Stack>
    </Center>
  );
}
