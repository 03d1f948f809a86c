import { PostalImportJob } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** GET /api/v1/postal-code/import → the last 20 imports. */
export const importsQueryKey = ['postal-code-imports'] as const;

export const listImports = () => api.GET('/api/v1/postal-code/import', { schema: z.array(PostalImportJob) });

export const importsQueryOptions = () => queryOptions({ queryKey: [...importsQueryKey, 'list'], queryFn: () => unwrap(listImports()) });

export function useImports() {
  return useQuery(importsQueryOptions());
}
