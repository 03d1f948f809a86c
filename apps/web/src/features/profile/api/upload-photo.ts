import { IMAGE_ACCEPT, IMAGE_MAX_MB, Me, errorMessage, failedRules, type FieldDefinition } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/api/get-me';
import { photoQueryKey } from '../../../lib/api/get-my-photo';

/** The photo rule of spec §5, through the contracts validation engine (same messages as the server). */
export const PHOTO_FIELD: FieldDefinition = {
  field: 'file',
  validators: { required: true, fileSize: IMAGE_MAX_MB, accept: IMAGE_ACCEPT },
  messagesError: {
    required: 'Este campo es requerido',
    fileSize: 'No debe pesar más de 2MB',
    accept: 'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg',
  },
};

/** The first broken rule's message, or null when the file may be sent. */
export function validatePhoto(file: File | null): string | null {
  const failed = failedRules(file, PHOTO_FIELD.validators);
  // Extension before size: a 5 MB .gif is first of all the wrong kind of file.
  const key = failed.includes('required') ? 'required' : failed.includes('accept') ? 'accept' : failed[0];
  return key ? errorMessage(PHOTO_FIELD, key) : null;
}

/** POST /api/v1/account/me/photo, multipart field `file`. */
export const uploadPhoto = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('POST', '/api/v1/account/me/photo', { body, schema: Me, timeoutMs: 60_000 });
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
