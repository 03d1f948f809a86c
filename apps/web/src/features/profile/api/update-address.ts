import { AddressRecord } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import type { AddressInput } from './create-address';
import { myAddressQueryKey } from './get-my-address';
import { api } from '../../../lib/api';

/** PUT /api/v1/address/{id} (the record's id or the wallet user's). */
export const updateAddress = ({ userId, ...body }: AddressInput & { userId: string }) =>
  api.PUT('/api/v1/address/{id}', { params: { path: { id: userId } }, body, schema: AddressRecord });

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddressInput & { userId: string }) => unwrap(updateAddress(input)),
    onSuccess: (address) => queryClient.setQueryData([...myAddressQueryKey, address.v_uid_user], address),
  });
}
