import { PostalImportJob } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { importsQueryKey } from './list-imports';
import { api } from '../../../lib/api';

/** GET /api/v1/postal-code/import/{id}: the job's progress (Processed of Total); polling also resumes a stalled job. */
export const getImport = (id: string) => api.GET('/api/v1/postal-code/import/{id}', { params: { path: { id } }, schema: PostalImportJob });

export const isRunning = (job: PostalImportJob | undefined) => !job || job.Status === 'pendiente' || job.Status === 'en-proceso';

export const POLL_MS = 1000;

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...importsQueryKey, 'job', id],
    queryFn: () => unwrap(getImport(id)),
    staleTime: 0,
    refetchInterval: (query) => (isRunning(query.state.data) && !query.state.error ? POLL_MS : false),
  });

export function useImportJob(id: string | null) {
  return useQuery({ ...importQueryOptions(id ?? ''), enabled: id !== null });
}
