import { Button, Group, Text } from '@mantine/core';
import { IconBan, IconLockOpen, IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LIFECYCLE_TEXT, availableActions, countOf, type LifecycleAction, type LifecycleState } from '../lib/lifecycle';
import { openConfirmDialog } from './confirm-dialog';

type Action = LifecycleAction | 'borrar';

const ICONS: Record<Action, ReactNode> = {
  activar: <IconPlayerPlay size={16} />,
  desactivar: <IconPlayerStop size={16} />,
  bloquear: <IconBan size={16} />,
  desbloquear: <IconLockOpen size={16} />,
  borrar: <IconTrash size={16} />,
};

const COLORS: Record<Action, string | undefined> = { activar: 'green', desactivar: 'gray', bloquear: 'orange', desbloquear: undefined, borrar: 'red' };

/**
 * The status buttons of one record (activar or desactivar, bloquear or desbloquear), each asking
 * for confirmation first. `subject` names the record in the question ('al usuario ana@x.mx').
 */
export function LifecycleButtons({
  state,
  subject,
  onRun,
  pending,
  extra = [],
  size = 'sm',
}: {
  state: LifecycleState;
  subject: string;
  onRun: (action: Action) => void;
  pending?: Action | null;
  extra?: Action[];
  size?: 'xs' | 'sm';
}) {
  const actions: Action[] = [...availableActions(state), ...extra];
  if (actions.length === 0) return null;
  return (
    <Group gap="xs" data-testid="lifecycle-actions">
      {actions.map((action) => {
        const text = LIFECYCLE_TEXT[action];
        return (
          <Button
            key={action}
            size={size}
            variant="light"
            color={COLORS[action]}
            leftSection={ICONS[action]}
            loading={pending === action}
            disabled={!!pending && pending !== action}
            onClick={() =>
              openConfirmDialog({
                title: `${text.verb}`,
                message: `¿${text.verb} ${subject}?`,
                confirmLabel: text.verb,
                danger: text.danger,
                onConfirm: () => onRun(action),
              })
            }
          >
            {text.verb}
          </Button>
        );
      })}
    </Group>
  );
}

/**
 * The actions over a selection of rows, with a confirmation that says how many and that it is all
 * or nothing.
 */
export function BulkActionBar({
  count,
  actions,
  noun,
  pending,
  onRun,
}: {
  count: number;
  actions: Action[];
  noun: { one: string; many: string };
  pending?: Action | null;
  onRun: (action: Action) => void;
}) {
  if (count === 0 || actions.length === 0) return null;
  return (
    <Group gap="xs" data-testid="bulk-actions">
      <Text size="sm" c="dimmed">
        {count} {count === 1 ? 'seleccionado' : 'seleccionados'}
      </Text>
      {actions.map((action) => {
        const text = LIFECYCLE_TEXT[action];
        return (
          <Button
            key={action}
            size="xs"
            variant="light"
            color={COLORS[action]}
            loading={pending === action}
            disabled={!!pending && pending !== action}
            onClick={() =>
              openConfirmDialog({
                title: `${text.verb} ${noun.many}`,
                message: `Se van a ${text.verb.toLowerCase()} ${countOf(count, noun.one, noun.many)}. Si alguno no se puede, no se cambia ninguno.`,
                confirmLabel: text.verb,
                danger: text.danger,
                onConfirm: () => onRun(action),
              })
            }
          >
            {text.verb}
          </Button>
        );
      })}
    </Group>
  );
}
