import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { LegalText } from '../../components/content-view';
import { ErrorAlert } from '../../components/error-alert';
import { useAcceptLegal, usePendingLegal } from './api/help-api';

/**
 * After sign-in, a new version of a legal text must be accepted before anything else: a dialog
 * that cannot be closed, one text at a time. Sign-in itself is unchanged.
 */
export function LegalAcceptanceGate() {
  const pending = usePendingLegal();
  const accept = useAcceptLegal();
  const current = pending.data?.[0];
  if (!current) return null;
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title={current.v_name}
      data-testid="legal-gate"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Para continuar, lee este texto y acéptalo.
        </Text>
        <ScrollArea.Autosize mah="50vh" type="auto">
          <LegalText html={current.Html} />
        </ScrollArea.Autosize>
        {accept.isError ? <ErrorAlert error={accept.error} /> : null}
        <Group justify="flex-end">
          <Button onClick={() => accept.mutate({ id: current.v_uid, version: current.i_version })} loading={accept.isPending}>
            Acepto
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
