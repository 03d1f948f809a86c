import { AddressRecord } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/address/{id} with the wallet user's own id; 404 (null here) until they register one. */
export type AddressData = z.infer<typeof AddressRecord>;

export const myAddressQueryKey = ['me', 'address'] as const;

export const getAddress = (userId: string) => apiRequest('GET', `/api/v1/address/${userId}`, { schema: AddressRecord });

export const myAddressQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...myAddressQueryKey, userId],
    queryFn: async (): Promise<AddressData | null> => {
      const [data, error] = await getAddress(userId);
      if (error?.status === 404) return null;
      if (error) throw error;
      return data;
    },
  });

export function useMyAddress(userId: string) {
  return useQuery(myAddressQueryOptions(userId));
}
