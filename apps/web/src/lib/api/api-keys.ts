import { ApiKey, CodeDelivery, type ApiKeyCreateRequest } from '@far/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../api-client';
import { api } from '../api';

/**
 * A business's API keys (docs/decisions/0027): the business admin's /profile section and the staff
 * tab of the business detail share these calls (features do not import each other).
 */
const keysKey = (businessId?: string) => ['api-keys', businessId ?? 'mine'] as const;

export function useApiKeys(businessId?: string) {
  return useQuery({
    queryKey: keysKey(businessId),
    queryFn: () =>
      unwrap(api.GET('/api/v1/api-keys', { params: { query: businessId ? { BusinessId: businessId } : {} }, schema: z.array(ApiKey), envelope: 'none' })),
  });
}

function useKeyMutation<V>(businessId: string | undefined, fn: (v: V) => Promise<ApiKey>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(businessId) }) });
}

export const useCreateApiKey = () =>
  useKeyMutation(undefined, (body: ApiKeyCreateRequest) => unwrap(api.POST('/api/v1/api-keys', { body, schema: ApiKey, envelope: 'none' })));
export const useRotateApiKey = () =>
  useKeyMutation(undefined, ({ id, Code }: { id: string; Code: string }) =>
    unwrap(api.POST('/api/v1/api-keys/{id}/rotate', { params: { path: { id } }, body: { Code }, schema: ApiKey, envelope: 'none' })),
  );
export const useRevokeApiKey = (businessId?: string) =>
  useKeyMutation(businessId, (id: string) =>
    unwrap(api.POST('/api/v1/api-keys/{id}/revoke', { params: { path: { id } }, body: {}, schema: ApiKey, envelope: 'none' })),
  );

/** E-mails the six-digit code of operation api-key (creating or rotating a key). */
export const useApiKeyCode = () =>
  useMutation({ mutationFn: () => unwrap(api.POST('/api/v1/security/code', { body: { Operation: 'api-key' }, schema: CodeDelivery })) });
