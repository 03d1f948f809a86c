import { AddressRecord } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { myAddressQueryKey } from './get-my-address';

/** The address fields; municipality, city, state and colony name come from the postal code table. */
export interface AddressInput {
  v_street: string;
  v_number_outside: string;
  v_number_indoor: string | null;
  v_zip_code: string;
  v_uid_colony: string;
}

/** POST /api/v1/address: a wallet user registers their own address. */
export const createAddress = (body: AddressInput) => apiRequest('POST', '/api/v1/address', { body, schema: AddressRecord });

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressInput) => unwrap(createAddress(body)),
    onSuccess: (address) => queryClient.setQueryData([...myAddressQueryKey, address.v_uid_user], address),
  });
}
