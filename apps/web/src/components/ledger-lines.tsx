import type { BusinessMovementDetail } from '@far/contracts';
import { Stack, Table, Text, Title } from '@mantine/core';
import { apiCents } from '../lib/money';
import { MoneyText } from './value-text';

const amount = (value: string | null) => (value === null ? null : <MoneyText cents={apiCents(value)} inherit />);

/** The ledger lines of a movement (its detail on /movement and in a clarification). */
export function LedgerLines({ entries, testId = 'movement-entries' }: { entries: NonNullable<BusinessMovementDetail['Entries']>; testId?: string }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm">
        Asientos contables
      </Title>
      <Table withTableBorder fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cuenta</Table.Th>
            <Table.Th ta="right">Cargo</Table.Th>
            <Table.Th ta="right">Abono</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e, i) => (
            <Table.Tr key={`${e.Account}-${i}`}>
              <Table.Td>
                <Text size="sm">{e.Account}</Text>
                <Text size="xs" c="dimmed">
                  {e.Description}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{amount(e.Debit)}</Table.Td>
              <Table.Td ta="right">{amount(e.Credit)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
