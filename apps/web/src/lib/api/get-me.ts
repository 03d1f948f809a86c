import { Me } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../api-client';
import { useSession } from '../session';
import { api } from '../api';

/** GET /api/v1/account/me: the signed-in person (shared by the shell, profile and dashboard). */
export type MeData = Me;
/** The answer's schema, for a request made before this module is loaded (dashboard/prefetch.ts). */
export const meSchema = Me;

export const meQueryKey = ['me'] as const;

export const getMe = () => api.GET('/api/v1/account/me', { schema: Me });

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: () => unwrap(getMe()), staleTime: 60_000 });

export function useMe() {
  const { status } = useSession();
  return useQuery({ ...meQueryOptions(), enabled: status === 'authenticated' });
}
