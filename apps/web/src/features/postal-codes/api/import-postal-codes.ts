import { PostalImportJob } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { importsQueryKey } from './list-imports';
import { api } from '../../../lib/api';

/**
 * POST /api/v1/postal-code/import (multipart field `file`, CPdescarga.txt). The server checks every
 * line first (a bad one refuses the file with 'Línea N: …') and answers with the job at once.
 */
export const importPostalCodes = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return api.POST('/api/v1/postal-code/import', { body, schema: PostalImportJob, timeoutMs: 300_000 });
};

export function useImportPostalCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => unwrap(importPostalCodes(file)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...importsQueryKey, 'list'] }),
  });
}
