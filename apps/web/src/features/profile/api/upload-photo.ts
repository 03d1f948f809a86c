import { Me } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/api/get-me';
import { photoQueryKey } from '../../../lib/api/get-my-photo';
import { api } from '../../../lib/api';

/** The photo rule lives in lib/photo (the staff screen checks admin photos with it too). */
export { PHOTO_FIELD, validatePhoto } from '../../../lib/photo';

/** POST /api/v1/account/me/photo, multipart field `file`. */
export const uploadPhoto = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return api.POST('/api/v1/account/me/photo', { body, schema: Me, timeoutMs: 60_000 });
};

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => unwrap(uploadPhoto(file)),
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      void queryClient.invalidateQueries({ queryKey: photoQueryKey });
    },
  });
}
