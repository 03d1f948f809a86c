import { PERMISSION_IDS, PERMISSION_NAMES, type MenuEntry, type PermissionName } from '@far/contracts';
import { Badge, Checkbox, Group, Paper, ScrollArea, Table, Text } from '@mantine/core';

/** menu uid → granted permission uids. */
export type Grants = Record<string, string[]>;

const VER = PERMISSION_IDS.Ver;

/**
 * Menu entries × permissions. A box appears only where the entry offers that permission. Granting
 * anything on an entry grants Ver too, and taking Ver away clears the row: a screen you cannot see
 * is a screen you cannot act on.
 */
export function toggleGrant(grants: Grants, entry: MenuEntry, permissionId: string, checked: boolean): Grants {
  const current = new Set(grants[entry.v_uid] ?? []);
  if (checked) {
    current.add(permissionId);
    if (entry.v_permissions.includes(VER)) current.add(VER);
  } else if (permissionId === VER) {
    current.clear();
  } else {
    current.delete(permissionId);
  }
  const next = { ...grants };
  if (current.size === 0) delete next[entry.v_uid];
  else next[entry.v_uid] = entry.v_permissions.filter((p) => current.has(p));
  return next;
}

export function toggleRow(grants: Grants, entry: MenuEntry, checked: boolean): Grants {
  const next = { ...grants };
  if (checked) next[entry.v_uid] = [...entry.v_permissions];
  else delete next[entry.v_uid];
  return next;
}

export function grantsToPermissions(grants: Grants, entries: MenuEntry[]): Array<{ v_uid_menu: string; v_permissions: string[] }> {
  return entries.filter((e) => (grants[e.v_uid]?.length ?? 0) > 0).map((e) => ({ v_uid_menu: e.v_uid, v_permissions: [...(grants[e.v_uid] ?? [])] }));
}

export function permissionsToGrants(permissions: Array<{ v_uid_menu: string; v_permissions: string[] }>): Grants {
  const grants: Grants = {};
  for (const p of permissions) if (p.v_permissions.length > 0) grants[p.v_uid_menu] = [...p.v_permissions];
  return grants;
}

interface PermissionMatrixProps {
  entries: MenuEntry[];
  value: Grants;
  onChange: (next: Grants) => void;
  readOnly?: boolean;
  error?: string;
}

export function PermissionMatrix({ entries, value, onChange, readOnly = false, error }: PermissionMatrixProps) {
  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Sin registros
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" data-testid="permission-matrix">
      <ScrollArea type="auto">
        <Table verticalSpacing={6} horizontalSpacing="sm" striped aria-label="Matriz de permisos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sección</Table.Th>
              <Table.Th ta="center" w={70}>
                Todos
              </Table.Th>
              {PERMISSION_NAMES.map((name) => (
                <Table.Th key={name} ta="center" w={90}>
                  {name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => {
              const granted = new Set(value[entry.v_uid] ?? []);
              const all = entry.v_permissions.length > 0 && entry.v_permissions.every((p) => granted.has(p));
              const some = granted.size > 0;
              return (
                <Table.Tr key={entry.v_uid} data-menu={entry.v_url}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {entry.v_name}
                      </Text>
                      {!entry.i_active ? (
                        <Badge size="xs" color="gray" variant="light">
                          Inactiva
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {entry.v_url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="center">
                      <Checkbox
                        aria-label={`Todos los permisos en ${entry.v_name}`}
                        checked={all}
                        indeterminate={!all && some}
                        disabled={readOnly}
                        onChange={(e) => onChange(toggleRow(value, entry, e.currentTarget.checked))}
                      />
                    </Group>
                  </Table.Td>
                  {PERMISSION_NAMES.map((name: PermissionName) => {
                    const id = PERMISSION_IDS[name];
                    const offered = entry.v_permissions.includes(id);
                    return (
                      <Table.Td key={name}>
                        <Group justify="center">
                          {offered ? (
                            <Checkbox
                              aria-label={`${name} en ${entry.v_name}`}
                              checked={granted.has(id)}
                              disabled={readOnly}
                              onChange={(e) => onChange(toggleGrant(value, entry, id, e.currentTarget.checked))}
                            />
                          ) : (
                            <Text c="gray.4" size="sm" aria-hidden>
                              —
                            </Text>
                          )}
                        </Group>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {error ? (
        <Text c="red" size="sm" px="sm" py={6} role="alert">
          {error}
        </Text>
      ) : null}
    </Paper>
  );
}
