import { MyBusiness } from '@far/contracts';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** GET /api/v1/profiles/business/query/mine: the business a business user belongs to. */
export const getMyBusiness = () => api.GET('/api/v1/profiles/business/query/mine', { schema: MyBusiness });

export function useMyBusiness(enabled: boolean) {
  return useQuery({ queryKey: ['my-business'], queryFn: () => unwrap(getMyBusiness()), enabled, staleTime: 60_000 });
}
