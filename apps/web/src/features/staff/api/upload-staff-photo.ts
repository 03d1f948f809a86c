import { AdminUserDetail } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { staffQueryKey } from './list-staff';
import { api } from '../../../lib/api';

/** POST /api/v1/profiles/users/action/upload-image?ClientKind=techfar&Id= (multipart field `file`; ≤ 2 MB). */
export const uploadStaffPhoto = ({ id, file }: { id: string; file: File }) => {
  const body = new FormData();
  body.append('file', file);
  return api.POST('/api/v1/profiles/users/action/upload-image', {
    params: { query: { ClientKind: 'techfar', Id: id } },
    body,
    schema: AdminUserDetail,
    timeoutMs: 60_000,
  });
};

export function useUploadStaffPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; file: File }) => unwrap(uploadStaffPhoto(input)),
    onSuccess: (user) => {
      queryClient.setQueryData([...staffQueryKey, 'detail', user.Id], user);
      void queryClient.invalidateQueries({ queryKey: staffQueryKey });
    },
  });
}
