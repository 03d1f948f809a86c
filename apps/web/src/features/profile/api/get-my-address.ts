import { AddressRecord } from '@far/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** GET /api/v1/address/mine: the wallet user's own address, null until they register one (no 404 on every visit). */
export type AddressData = z.infer<typeof AddressRecord>;

export const myAddressQueryKey = ['me', 'address'] as const;

export const getMyAddress = () => api.GET('/api/v1/address/mine', { schema: AddressRecord.nullable() });

export const myAddressQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...myAddressQueryKey, userId],
    queryFn: async (): Promise<AddressData | null> => {
      const [data, error] = await getMyAddress();
      if (error) throw error;
      return data;
    },
  });

export function useMyAddress(userId: string) {
  return useQuery(myAddressQueryOptions(userId));
}
