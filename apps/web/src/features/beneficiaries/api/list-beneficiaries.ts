import { Beneficiary } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { BeneficiaryOwner } from '../../../components/panel-slots';
import { unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api';

/**
 * GET /api/v1/beneficiary?v_uid_user=|v_uid_business=: the beneficiaries of a wallet user or of a
 * business. Without an owner, the caller's own (a wallet user, or a business user's business).
 */
export type BeneficiaryItem = z.infer<typeof Beneficiary>;
export type { BeneficiaryOwner };

export const listBeneficiaries = (owner: BeneficiaryOwner) => api.GET('/api/v1/beneficiary', { params: { query: { ...owner } }, schema: z.array(Beneficiary) });

const ownerKey = (owner: BeneficiaryOwner) => owner.v_uid_business ?? owner.v_uid_user ?? 'own';

export const beneficiariesQueryOptions = (owner: BeneficiaryOwner) =>
  queryOptions({ queryKey: [...queryKeys.beneficiaries, ownerKey(owner)], queryFn: () => unwrap(listBeneficiaries(owner)) });

export function useBeneficiaries(owner: BeneficiaryOwner) {
  return useQuery(beneficiariesQueryOptions(owner));
}
