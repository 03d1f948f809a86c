import {
  BusinessListItem,
  REPORT_FREQUENCY_LABELS,
  ReportKindOut,
  ReportSchedule,
  ReportSummary,
  pageOf,
  reportFileName,
  type BusinessListBody,
  type ReportDownloadBody,
  type ReportKey,
  type ReportQueryBody,
  type ReportScheduleBody,
} from '@far/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../lib/api-client';
import { saveBlob } from '../../lib/money';
import { api } from '../../lib/api';

const keys = { all: ['reports'] as const };

/** What the screen asks: a kind, Mexico City days (both included), a business (staff) and a status. */
export interface ReportAsk {
  Kind: ReportKey;
  range: [string | null, string | null];
  BusinessId: string | null;
  Status: string | null;
}

/** What the screen asks as the body the server validates. */
const body = (a: ReportAsk): z.input<typeof ReportQueryBody> => ({
  Kind: a.Kind,
  From: a.range[0] ?? undefined,
  To: a.range[1] ?? a.range[0] ?? undefined,
  BusinessId: a.BusinessId ?? undefined,
  Status: a.Status ?? undefined,
});

export const useReportKinds = () =>
  useQuery({
    queryKey: [...keys.all, 'kinds'],
    queryFn: () => unwrap(api.GET('/api/v1/reports/kinds', { schema: z.array(ReportKindOut) })),
    staleTime: Infinity,
  });

export const useReportSummary = (a: ReportAsk) =>
  useQuery({
    queryKey: [...keys.all, 'summary', a],
    queryFn: () => unwrap(api.POST('/api/v1/reports/summary', { body: body(a), schema: ReportSummary })),
    placeholderData: keepPreviousData,
  });

/** The file streams from the server; the browser saves it under the server's name. */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async ({ ask, format }: { ask: ReportAsk; format: z.input<typeof ReportDownloadBody>['Format'] }) => {
      const blob = await unwrap(
        api.POST('/api/v1/reports/download', {
          body: { ...body(ask), Format: format } satisfies z.input<typeof ReportDownloadBody>,
          responseType: 'blob',
          timeoutMs: 300_000,
        }),
      );
      const [from, to] = ask.range;
      saveBlob(blob, `${reportFileName(ask.Kind, from ? { from, to: to ?? from } : null)}.${format}`);
    },
  });
}

export const useBusinessOptions = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: [...keys.all, 'businesses', search],
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/profiles/business/query/list', {
          body: { Page: 1, Size: 20, Search: search.trim() || undefined } satisfies z.input<typeof BusinessListBody>,
          schema: pageOf(BusinessListItem),
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });

export const FREQUENCY_OPTIONS = Object.entries(REPORT_FREQUENCY_LABELS).map(([value, label]) => ({ value, label }));

export const useSchedules = () =>
  useQuery({ queryKey: [...keys.all, 'schedules'], queryFn: () => unwrap(api.GET('/api/v1/reports/schedules', { schema: z.array(ReportSchedule) })) });

export function useScheduleChange() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: [...keys.all, 'schedules'] });
  return {
    create: useMutation({
      mutationFn: (s: { ask: ReportAsk } & Pick<z.input<typeof ReportScheduleBody>, 'Format' | 'Frequency'>) => {
        const schedule: z.input<typeof ReportScheduleBody> = {
          Kind: s.ask.Kind,
          BusinessId: s.ask.BusinessId ?? undefined,
          Status: s.ask.Status ?? undefined,
          Format: s.Format,
          Frequency: s.Frequency,
        };
        return unwrap(api.POST('/api/v1/reports/schedules', { body: schedule }));
      },
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => unwrap(api.POST('/api/v1/reports/schedules/delete/{id}', { params: { path: { id } } })),
      onSuccess: done,
    }),
  };
}
