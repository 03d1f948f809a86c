import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center mih="80vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Text fz={72} fw={800} c="far.2" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz={26}>
          Página no encontrada
        </Title>
        <Text c="dimmed">La dirección que abriste no existe o cambió de lugar.</Text>
        <Button component={Link} to="/" mt="sm">
          Ir al inicio
        </Button>
      </Stack>
    </Center>
  );
}
