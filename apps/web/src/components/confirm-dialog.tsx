import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
}

/** Asks before a destructive or bulk action. */
export function openConfirmDialog({ title, message, confirmLabel = 'Confirmar', cancelLabel = 'Cancelar', danger = false, onConfirm }: ConfirmOptions) {
  modals.openConfirmModal({
    title,
    centered: true,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'confirm-dialog-confirm' } as Record<string, unknown>,
    cancelProps: { variant: 'default' },
    onConfirm,
  });
}
