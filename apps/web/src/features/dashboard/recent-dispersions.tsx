import { DISPERSION_STATUS_NAMES, DispersionSummary } from '@far/contracts';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { unwrap } from '../../lib/api-client';
import { integer, money } from '../../lib/format';
import { apiCentsOr0 } from '../../lib/money';
import { queryKeys } from '../../lib/query-keys';
import { api } from '../../lib/api';

/** Dispersions of the last 30 days: a business's own, or every business's for staff. */
export function RecentDispersions({ link }: { link?: boolean }) {
  const q = useQuery({
    queryKey: [...queryKeys.dashboard, 'dispersions-30d'],
    queryFn: () => unwrap(api.POST('/api/v1/transaction/business-movement/dispersion/summary', { body: {}, schema: DispersionSummary })),
  });
  const data = q.data;
  // None in 30 days: no card (an empty box says nothing); a failure still shows with its retry.
  if (data && data.ByStatus.length === 0) return null;
  return (
    <Paper withBorder p="md" data-testid="recent-dispersions">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md">
            Dispersiones de los últimos 30 días
          </Title>
          {link ? (
            <Anchor component={Link} to="/dispersal/history" size="sm">
              Ver historial
            </Anchor>
          ) : null}
        </Group>
        {q.isError ? <ErrorAlert error={q.error} title="No fue posible cargar las dispersiones" onRetry={() => void q.refetch()} /> : null}
        {q.isPending ? <Skeleton h={90} /> : null}
        {data ? (
          <Table.ScrollContainer minWidth={360} type="native" tabIndex={0} aria-label="Dispersiones recientes">
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Estatus</Table.Th>
                  <Table.Th ta="right">Dispersiones</Table.Th>
                  <Table.Th ta="right">Filas</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.ByStatus.map((s) => (
                  <Table.Tr key={s.Status}>
                    <Table.Td>
                      <Badge variant="light" miw="max-content">
                        {DISPERSION_STATUS_NAMES[s.Status] ?? s.StatusName}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{integer(s.Count)}</Table.Td>
                    <Table.Td ta="right">{integer(s.Rows)}</Table.Td>
                    <Table.Td ta="right" className="tabular">
                      {money(apiCentsOr0(s.TotalImport))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Paper>
  );
}
