import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EMPTY } from '../lib/format';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Spread over the whole row. */
  wide?: boolean;
}

/** Label and value pairs of a record, as a description list (a missing value shows as an em dash). */
export function DetailGrid({ items, cols = 3, testId }: { items: DetailItem[]; cols?: number; testId?: string }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: cols }} spacing="md" verticalSpacing="sm" m={0} data-testid={testId}>
      {items.map((item) => (
        <Stack key={item.label} gap={2} style={item.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value === null || item.value === undefined || item.value === '' ? EMPTY : item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
