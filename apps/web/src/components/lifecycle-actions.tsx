import { Button, Group } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { IconBan, IconLockOpen, IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LIFECYCLE_TEXT, availableActions, type LifecycleAction, type LifecycleState } from '../lib/lifecycle';
import { notifyActionFailed, notifyBulkDone } from '../lib/notify';
import type { BulkAction } from './list-scaffold';
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

export const STATUS_ACTIONS = ['activar', 'desactivar', 'bloquear', 'desbloquear'] as const;

/** The bulk actions a user may offer: the status changes with «Desactivar», deletion with «Borrar». */
export const permittedActions = (canStatus: boolean, canDelete = false): Action[] => [
  ...(canStatus ? STATUS_ACTIONS : []),
  ...(canDelete ? (['borrar'] as const) : []),
];

/**
 * The status actions over a selection of rows: each is offered for the selected rows whose status
 * it would change, and sent for those rows only (all or nothing on the server).
 */
export function lifecycleBulk<T, A extends Action>({
  actions,
  statusOf,
  getId,
  mutation,
  noun,
  onDone,
}: {
  actions: readonly A[];
  statusOf: (row: T) => LifecycleState;
  getId: (row: T) => string;
  mutation: UseMutationResult<{ Affected: number }, unknown, { Action: A; Ids: string[] }>;
  noun: { one: string; many: string };
  onDone?: () => void;
}): { noun: { one: string; many: string }; pending: string | null; actions: BulkAction<T>[] } {
  return {
    noun,
    pending: mutation.isPending ? (mutation.variables?.Action ?? null) : null,
    actions: actions.map((action) => ({
      key: action,
      label: LIFECYCLE_TEXT[action].verb,
      color: COLORS[action],
      danger: LIFECYCLE_TEXT[action].danger,
      allows: (row: T) => {
        const state = statusOf(row);
        return action === 'borrar' ? !state.deleted : availableActions(state).includes(action as LifecycleAction);
      },
      run: (rows: T[]) =>
        mutation.mutate(
          { Action: action, Ids: rows.map(getId) },
          {
            onSuccess: ({ Affected }) => {
              onDone?.();
              notifyBulkDone(action, Affected, noun);
            },
            onError: notifyActionFailed,
          },
        ),
    })),
  };
}
