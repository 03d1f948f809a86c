import { API_KEY_SCOPE_LABELS, type ApiKey } from '@far/contracts';
import { Badge, Button, Code, Group, Table, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { openConfirmDialog } from './confirm-dialog';
import { DateText } from './value-text';

const SCOPE_SHORT = { lectura: 'Lectura', transferencias: 'Transferencias', dispersiones: 'Dispersiones', tarjetas: 'Tarjetas' } as const;

/** A business's API keys: prefix, scopes, creation, last use, expiry and state; never the secret. */
export function ApiKeysTable({ keys, onRevoke, actions }: { keys: ApiKey[]; onRevoke?: (k: ApiKey) => void; actions?: (k: ApiKey) => ReactNode }) {
  const [now] = useState(() => Date.now());
  if (keys.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Aún no hay claves de API.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={960} type="native" tabIndex={0} role="region" aria-label="Tabla de claves de API">
      <Table striped aria-label="Claves de API">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Prefijo</Table.Th>
            <Table.Th>Permisos</Table.Th>
            <Table.Th>Creada</Table.Th>
            <Table.Th>Último uso</Table.Th>
            <Table.Th>Vence</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => (
            <Table.Tr key={k.v_uid} data-testid="api-key-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {k.Name}
                </Text>
                {k.CreatedBy ? (
                  <Text size="xs" c="dimmed">
                    Creada por {k.CreatedBy}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Code>{k.Prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={k.Scopes.map((s) => API_KEY_SCOPE_LABELS[s]).join('\n')}>
                  {k.Scopes.map((s) => SCOPE_SHORT[s]).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <DateText size="sm" value={k.d_create_at} />
              </Table.Td>
              <Table.Td>
                {k.LastUsedAt ? (
                  <DateText size="sm" value={k.LastUsedAt} withTime />
                ) : (
                  <Text size="sm" c="dimmed">
                    Nunca
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <DateText size="sm" value={k.ExpiresAt} />
              </Table.Td>
              <Table.Td>
                {k.RevokedAt ? (
                  <Badge color="red" variant="light" style={{ overflow: 'visible' }}>
                    Revocada
                  </Badge>
                ) : Date.parse(k.ExpiresAt) <= now ? (
                  <Badge color="gray" variant="light" style={{ overflow: 'visible' }}>
                    Vencida
                  </Badge>
                ) : (
                  <Badge color="green" variant="light" style={{ overflow: 'visible' }}>
                    Activa
                  </Badge>
                )}
                {k.PreviousValidUntil && !k.RevokedAt ? (
                  <Text size="xs" c="dimmed">
                    La anterior funciona hasta <DateText size="xs" value={k.PreviousValidUntil} withTime />
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {k.RevokedAt ? null : actions?.(k)}
                  {onRevoke && !k.RevokedAt ? (
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
