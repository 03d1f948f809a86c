import { Alert, Button, Code, CopyButton, Group } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';

/**
 * A secret the server shows only once (an API key, a signing secret), with a copy button: the
 * person is told to keep it now, and closes the notice when done.
 */
export function ShownOnce({
  value,
  title,
  copiedLabel = 'Copiado',
  onClose,
  testId,
  valueTestId,
}: {
  value: string;
  title: string;
  copiedLabel?: string;
  onClose: () => void;
  testId: string;
  valueTestId?: string;
}) {
  return (
    <Alert
      color="yellow"
      icon={<IconKey size={18} />}
      title={title}
      mb="md"
      withCloseButton
      closeButtonLabel="Cerrar aviso"
      onClose={onClose}
      data-testid={testId}
    >
      <Group gap="sm" wrap="wrap">
        <Code style={{ overflowWrap: 'anywhere' }} data-testid={valueTestId}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? copiedLabel : 'Copiar'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}
