import { Stack, Text } from '@mantine/core';
import { roleLabel } from '@far/contracts';
import type { Column } from './data-table';
import { StatusBadge } from './status-badge';
import { DateText } from './value-text';

type Person = { Email: string };
type Dated = { CreationDate: string; Status: { Name: string } };

/** A person's name over their e-mail: the first column of every list of users. */
export function personColumn<T extends Person>(header: string, nameOf: (row: T) => string): Column<T> {
  return {
    key: 'name',
    header,
    sortField: 'Name',
    stack: 'title',
    render: (u) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {nameOf(u)}
        </Text>
        <Text size="xs" c="dimmed">
          {u.Email}
        </Text>
      </Stack>
    ),
  };
}

/** The role of a user, in the words people use («Operador», «Empresa»). */
export const roleColumn = <T extends { Role: { Name: string } }>(): Column<T> => ({
  key: 'role',
  header: 'Rol',
  render: (u) => <Text size="sm">{roleLabel(u.Role.Name)}</Text>,
});

/** Sign-up date and status, the closing columns of every list of users. */
export const datedStatusColumns = <T extends Dated>(createdHeader = 'Fecha de alta'): Column<T>[] => [
  { key: 'created', header: createdHeader, sortField: 'CreationDate', render: (u) => <DateText size="sm" value={u.CreationDate} /> },
  { key: 'status', header: 'Estatus', stack: 'status', render: (u) => <StatusBadge status={u.Status.Name} /> },
];
