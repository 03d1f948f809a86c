import { Department } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/departments/list → the active departments (Administración, Soporte Técnico, Ventas first). */
export const departmentsQueryKey = ['departments'] as const;

export const listDepartments = () => api.POST('/api/v1/profiles/departments/list', { body: {}, schema: z.array(Department) });

export const departmentsQueryOptions = () => queryOptions({ queryKey: departmentsQueryKey, queryFn: () => unwrap(listDepartments()), staleTime: 5 * 60_000 });

export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}
