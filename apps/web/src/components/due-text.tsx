import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A case's deadline or time left and, past it while still open, «Vencida» in red (the SLA of a queue). */
export function DueText({ overdue, children }: { overdue: boolean; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {overdue ? (
        <Badge color="red" size="sm">
          Vencida
        </Badge>
      ) : null}
      <Text size="sm" c={overdue ? 'red.8' : undefined}>
        {children}
      </Text>
    </Group>
  );
}
