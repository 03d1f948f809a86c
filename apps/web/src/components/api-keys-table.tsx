import { API_KEY_SCOPE_LABELS, type ApiKey } from '@far/contracts';
import { Badge, Box, Button, Code, Group, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { openConfirmDialog } from './confirm-dialog';
import { DataTable, type Column } from './data-table';
import { DateText } from './value-text';

const SCOPE_SHORT = { lectura: 'Lectura', transferencias: 'Transferencias', dispersiones: 'Dispersiones', tarjetas: 'Tarjetas' } as const;

/** The state of a key, and until when the previous secret still works after a rotation. */
function KeyState({ k, now }: { k: ApiKey; now: number }) {
  const [color, label] = k.RevokedAt ? ['red', 'Revocada'] : Date.parse(k.ExpiresAt) <= now ? ['gray', 'Vencida'] : ['green', 'Activa'];
  return (
    <div>
      <Badge color={color} variant="light" style={{ overflow: 'visible' }}>
        {label}
      </Badge>
      {k.PreviousValidUntil && !k.RevokedAt ? (
        <Text size="xs" c="dimmed">
          La anterior funciona hasta <DateText size="xs" value={k.PreviousValidUntil} withTime />
        </Text>
      ) : null}
    </div>
  );
}

/**
 * A business's API keys: prefix, scopes, creation, last use, expiry and state; never the secret.
 * On a phone each key is a card: its name and state on top, the rest with their headers.
 */
export function ApiKeysTable({ keys, onRevoke, actions }: { keys: ApiKey[]; onRevoke?: (k: ApiKey) => void; actions?: (k: ApiKey) => ReactNode }) {
  const [now] = useState(() => Date.now());
  if (keys.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Aún no hay claves de API.
      </Text>
    );
  const columns: Column<ApiKey>[] = [
    {
      key: 'name',
      header: 'Nombre',
      stack: 'title',
      render: (k) => (
        <div>
          <Text size="sm" fw={600}>
            {k.Name}
          </Text>
          {k.CreatedBy ? (
            <Text size="xs" c="dimmed">
              Creada por {k.CreatedBy}
            </Text>
          ) : null}
        </div>
      ),
    },
    { key: 'prefix', header: 'Prefijo', render: (k) => <Code>{k.Prefix}…</Code> },
    {
      key: 'scopes',
      header: 'Permisos',
      render: (k) => (
        <Text size="sm" title={k.Scopes.map((s) => API_KEY_SCOPE_LABELS[s]).join('\n')}>
          {k.Scopes.map((s) => SCOPE_SHORT[s]).join(', ')}
        </Text>
      ),
    },
    { key: 'created', header: 'Creada', render: (k) => <DateText size="sm" value={k.d_create_at} /> },
    {
      key: 'used',
      header: 'Último uso',
      render: (k) =>
        k.LastUsedAt ? (
          <DateText size="sm" value={k.LastUsedAt} withTime />
        ) : (
          <Text size="sm" c="dimmed">
            Nunca
          </Text>
        ),
    },
    { key: 'expires', header: 'Vence', render: (k) => <DateText size="sm" value={k.ExpiresAt} /> },
    { key: 'state', header: 'Estado', stack: 'status', render: (k) => <KeyState k={k} now={now} /> },
    {
      key: 'actions',
      header: 'Acciones',
      render: (k) =>
        k.RevokedAt ? null : (
          <Group gap="xs" wrap="wrap">
            {actions?.(k)}
            {onRevoke ? (
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconBan size={14} />}
                onClick={() =>
                  openConfirmDialog({
                    title: 'Revocar clave de API',
                    message: `¿Revocar «${k.Name}»? Dejará de funcionar al momento.`,
                    danger: true,
                    confirmLabel: 'Revocar',
                    onConfirm: () => onRevoke(k),
                  })
                }
              >
                Revocar
              </Button>
            ) : null}
          </Group>
        ),
    },
  ];
  return (
    <Box component="section" aria-label="Claves de API">
      <DataTable columns={columns} rows={keys} getRowId={(k) => k.v_uid} testId="api-keys-table" />
    </Box>
  );
}
