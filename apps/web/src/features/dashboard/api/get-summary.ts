import { CLIENT_KINDS } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { ActivityItem } from '../../../lib/models';
import { api } from '../../../lib/api';

/** GET /api/v1/dashboard/summary: real figures, shaped by the caller's client kind. */
const count = z.coerce.number();
const DayTotal = z.object({ day: z.string(), total: count });

const FarSummary = z.object({
  kind: z.literal('FAR'),
  totals: z.object({ FAR: count, BUS: count, WAL: count }),
  usersByKindAndStatus: z.array(z.object({ kind: z.enum(CLIENT_KINDS), status: z.string(), total: count })),
  blockedUsers: count,
  incidentsToday: count,
  activityByDay: z.array(DayTotal),
  latestActivity: z.array(ActivityItem),
});

const BusSummary = z.object({
  kind: z.literal('BUS'),
  business: z.object({ v_client: z.string(), v_names: z.string().nullable().optional() }),
  usersByStatus: z.array(z.object({ status: z.string(), total: count })),
  activityByDay: z.array(DayTotal).optional(),
  latestActivity: z.array(ActivityItem),
});

const WalSummary = z.object({
  kind: z.literal('WAL'),
  user: z.object({ v_names: z.string(), d_activation_at: z.string().nullable() }),
  latestActivity: z.array(ActivityItem),
});

export const Summary = z.discriminatedUnion('kind', [FarSummary, BusSummary, WalSummary]);
export type Summary = z.infer<typeof Summary>;
export type FarSummary = z.infer<typeof FarSummary>;
export type BusSummary = z.infer<typeof BusSummary>;
export type WalSummary = z.infer<typeof WalSummary>;

export const summaryQueryKey = ['dashboard', 'summary'] as const;

export const getSummary = () => api.GET('/api/v1/dashboard/summary', { schema: Summary });

export const summaryQueryOptions = () => queryOptions({ queryKey: summaryQueryKey, queryFn: () => unwrap(getSummary()), refetchInterval: 60_000 });

export function useSummary() {
  return useQuery(summaryQueryOptions());
}
