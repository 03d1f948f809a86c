import { IncidentItem, perPageOf, type LogsQuery } from '@far/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { ActivityItem } from '../../../lib/models';
import { api } from '../../../lib/api';

/**
 * GET /api/v1/logs?kind=activity|incident&page&perPage&search&section&from&to
 * → { items, page, perPage, pages, total }.
 */
export type { ActivityItem };

export { IncidentItem };

export interface LogsFilter {
  page: number;
  perPage: number;
  search: string;
  section: string;
  from: string | null;
  to: string | null;
}

export const logsQueryKey = ['logs'] as const;

/** The screen's filters as the query string the server validates (`satisfies`: the contract checks the names, the values stay query-string values). */
const query = (kind: 'activity' | 'incident', f: LogsFilter) =>
  ({
    kind,
    page: f.page,
    perPage: f.perPage,
    search: f.search.trim(),
    section: f.section.trim(),
    from: f.from ?? undefined,
    to: f.to ?? undefined,
  }) satisfies z.input<typeof LogsQuery>;

export const listActivity = (f: LogsFilter) => api.GET('/api/v1/logs', { params: { query: query('activity', f) }, schema: perPageOf(ActivityItem) });
export const listIncidents = (f: LogsFilter) => api.GET('/api/v1/logs', { params: { query: query('incident', f) }, schema: perPageOf(IncidentItem) });

export const activityQueryOptions = (f: LogsFilter) =>
  queryOptions({ queryKey: [...logsQueryKey, 'activity', f], queryFn: () => unwrap(listActivity(f)), placeholderData: keepPreviousData });

export const incidentsQueryOptions = (f: LogsFilter) =>
  queryOptions({ queryKey: [...logsQueryKey, 'incident', f], queryFn: () => unwrap(listIncidents(f)), placeholderData: keepPreviousData });

export function useActivityLog(f: LogsFilter, enabled = true) {
  return useQuery({ ...activityQueryOptions(f), enabled });
}

export function useIncidentLog(f: LogsFilter, enabled = true) {
  return useQuery({ ...incidentsQueryOptions(f), enabled });
}
