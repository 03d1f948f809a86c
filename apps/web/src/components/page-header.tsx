import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** «Movimientos · FAR Portal». */
export const documentTitle = (title: string) => `${title} · FAR Portal`;

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The title block of every screen: one h1, an optional line of context and the screen's actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  // Every screen has a PageHeader, so every route names its browser tab.
  useDocumentTitle(documentTitle(title));
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={1} fz={26} fw={700}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm" component={typeof description === 'string' ? 'p' : 'div'}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
