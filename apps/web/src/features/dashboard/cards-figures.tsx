import { CardStatusCount, StockSettings } from '@far/contracts';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { unwrap } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { integer } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { api } from '../../lib/api';

/** Cards on the dashboard (issue 9): staff see unassigned stock and its low-stock alert, a business its cards by status. */
export function CardsFigures({ kind }: { kind: 'FAR' | 'BUS' }) {
  const screen = kind === 'FAR' ? '/pre-stock-cards' : '/account';
  const allowed = useCan(screen, 'Ver');
  const counts = useQuery({
    queryKey: [...queryKeys.dashboard, 'cards-by-status'],
    enabled: allowed,
    queryFn: () => unwrap(api.POST('/api/v1/cards/action/get-amount-cards-by-status', { body: {}, schema: z.array(CardStatusCount) })),
  });
  const stock = useQuery({
    queryKey: [...queryKeys.dashboard, 'card-stock'],
    enabled: allowed && kind === 'FAR',
    queryFn: () => unwrap(api.POST('/api/v1/cards/stock/settings', { schema: StockSettings })),
  });
  if (!allowed || !counts.data) return null;
  return (
    <Stack gap="sm" mt="lg" data-testid="dashboard-cards">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Tarjetas
        </Title>
        <Anchor component={Link} to={kind === 'FAR' ? '/pre-stock-cards' : '/account/cards'} size="sm">
          {kind === 'FAR' ? 'Ir a Pre Stock' : 'Ver tarjetas'}
        </Anchor>
      </Group>
      {stock.data?.IsLow ? (
        <Alert color="orange" title="Stock de tarjetas bajo">
          Quedan {integer(stock.data.Unassigned)} tarjetas sin asignar (mínimo {integer(stock.data.LowStockThreshold)}).
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {counts.data.map((c) => (
          <Paper key={c.Status} withBorder p="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {c.StatusName}
            </Text>
            <Text fz={24} fw={700}>
              {integer(c.Total)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
