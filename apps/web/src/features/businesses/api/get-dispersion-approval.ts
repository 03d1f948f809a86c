import { ApprovalConfig } from '@far/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';

/** GET /api/v1/transaction/business/{id}/dispersion-approval (staff): the maker-checker setting of a business. */
export const dispersionApprovalQueryKey = (businessId: string) => [...businessesQueryKey, 'dispersion-approval', businessId] as const;

export const dispersionApprovalPath = (businessId: string) => `/api/v1/transaction/business/${businessId}/dispersion-approval`;

const getDispersionApproval = (businessId: string) => apiRequest('GET', dispersionApprovalPath(businessId), { schema: ApprovalConfig });

export function useDispersionApproval(businessId: string) {
  return useQuery({ queryKey: dispersionApprovalQueryKey(businessId), queryFn: () => unwrap(getDispersionApproval(businessId)) });
}
