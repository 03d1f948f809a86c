import { Center, Loader, Stack, Text } from '@mantine/core';

export function LoadingScreen({ label = 'Cargando…' }: { label?: string }) {
  return (
    <Center mih="60vh" aria-live="polite" aria-busy>
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
