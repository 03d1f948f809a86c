import { ApprovalConfig } from '@far/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unwrap } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';

/** GET /api/v1/transaction/business/{id}/dispersion-approval (staff): the maker-checker setting of a business. */
export const dispersionApprovalQueryKey = (businessId: string) => [...businessesQueryKey, 'dispersion-approval', businessId] as const;

const getDispersionApproval = (businessId: string) =>
  api.GET('/api/v1/transaction/business/{id}/dispersion-approval', { params: { path: { id: businessId } }, schema: ApprovalConfig });

export function useDispersionApproval(businessId: string) {
  return useQuery({ queryKey: dispersionApprovalQueryKey(businessId), queryFn: () => unwrap(getDispersionApproval(businessId)) });
}
