import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorText } from '../lib/api-client';

interface ErrorAlertProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}

/** A failed load or action, in words the person can act on. */
export function ErrorAlert({ error, title = 'No fue posible completar la operación', onRetry }: ErrorAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{errorText(error)}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Reintentar
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
