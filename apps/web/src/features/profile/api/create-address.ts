import { AddressRecord, type AddressUpdateBody } from '@far/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { myAddressQueryKey } from './get-my-address';
import { api } from '../../../lib/api';

/** The address fields; municipality, city, state and colony name come from the postal code table. */
export type AddressInput = z.input<typeof AddressUpdateBody>;

/** POST /api/v1/address: a wallet user registers their own address. */
export const createAddress = (body: AddressInput) => api.POST('/api/v1/address', { body, schema: AddressRecord });

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressInput) => unwrap(createAddress(body)),
    onSuccess: (address) => queryClient.setQueryData([...myAddressQueryKey, address.v_uid_user], address),
  });
}
