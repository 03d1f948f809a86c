import { Badge, Group, Paper, Text } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { integer } from '../../lib/format';
import { useRailState } from './api/get-rail-state';

/** The SPEI rail's state for staff: STP answering or not, and what waits for it (orders queued, unconfirmed, accounts to register). */
export function RailState() {
  const q = useRailState();
  if (!q.data) return null;
  const r = q.data;
  const waiting: string[] = [];
  if (r.Queued > 0) waiting.push(`${integer(r.Queued)} en cola`);
  if (r.Unconfirmed > 0) waiting.push(`${integer(r.Unconfirmed)} por confirmar`);
  if (r.AccountsPending > 0) waiting.push(`${integer(r.AccountsPending)} ${r.AccountsPending === 1 ? 'cuenta' : 'cuentas'} por registrar`);
  return (
    <Paper withBorder p="sm" mb="md" bg={r.Available ? undefined : 'red.0'} data-testid="rail-state">
      <Group gap="sm" wrap="wrap">
        {r.Available ? (
          <IconPlugConnected size={18} color="var(--mantine-color-teal-7)" />
        ) : (
          <IconPlugConnectedX size={18} color="var(--mantine-color-red-7)" />
        )}
        <Text size="sm" fw={600}>
          Riel SPEI: {r.RailName}
        </Text>
        <Badge size="sm" variant="light" color={r.Available ? 'teal' : 'red'} tt="none">
          {r.StateName}
        </Badge>
        {r.LastOk ? (
          <Text size="xs" c="dimmed">
            Última respuesta: {r.LastOk}
          </Text>
        ) : null}
        {r.LastError ? (
          <Text size="xs" c="red.8">
            {r.LastError} ({r.LastFailure})
          </Text>
        ) : null}
        {waiting.length > 0 ? (
          <Text size="xs" c="dimmed">
            Órdenes: {waiting.join(' · ')}
            {r.OldestWaiting ? ` · la más antigua desde ${r.OldestWaiting}` : ''}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}
