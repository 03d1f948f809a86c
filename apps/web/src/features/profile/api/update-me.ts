import { Me } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/api/get-me';

/** PUT /api/v1/account/me: edits the caller's own data; answers the updated profile. */
export interface UpdateMeInput {
  v_names: string;
  v_last_name_1: string | null;
  v_last_name_2: string | null;
  v_cell_phone: string | null;
  v_phone_code: string;
  v_phone: string | null;
  v_email_alternative: string | null;
  v_ocuppation: string | null;
  d_birthdate_at: string | null;
}

export const updateMe = (body: UpdateMeInput) => apiRequest('PUT', '/api/v1/account/me', { body, schema: Me });

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeInput) => unwrap(updateMe(body)),
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
