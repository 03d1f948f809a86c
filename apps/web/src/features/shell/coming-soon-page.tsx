import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';

/** A menu screen whose work is still ahead: says so plainly, with no sample data. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="xl" data-testid="coming-soon">
        <Stack align="center" gap="sm" py="xl" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTools size={28} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            Esta sección se habilitará próximamente
          </Text>
          <Text c="dimmed" maw={520}>
            Estamos trabajando en «{title}». Cuando esté lista aparecerá aquí, sin que tengas que hacer nada.
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
