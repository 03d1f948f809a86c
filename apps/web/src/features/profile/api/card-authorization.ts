import { CardAuthEndpoint, type CardAuthEndpointRequest } from '@far/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/**
 * A business's real-time card authorisation endpoint (GET/PUT /api/v1/cards/authorization-endpoint):
 * its own (no businessId) or, for staff, the one of the business named.
 */
const keyOf = (businessId?: string) => ['card-authorization', businessId ?? 'propia'] as const;

export function useCardAuthEndpoint(businessId?: string) {
  return useQuery({
    queryKey: keyOf(businessId),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/cards/authorization-endpoint', {
          params: { query: { BusinessId: businessId } },
          schema: CardAuthEndpoint.nullable(),
          envelope: 'none',
        }),
      ),
  });
}

export function useSaveCardAuthEndpoint(businessId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CardAuthEndpointRequest>) =>
      unwrap(api.PUT('/api/v1/cards/authorization-endpoint', { body: { ...body, BusinessId: businessId }, schema: CardAuthEndpoint, envelope: 'none' })),
    onSuccess: (data) => queryClient.setQueryData(keyOf(businessId), { ...data, Secret: undefined }),
  });
}

export function useRemoveCardAuthEndpoint(businessId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/cards/authorization-endpoint/delete', { body: { BusinessId: businessId }, schema: z.null(), envelope: 'none' })),
    onSuccess: () => queryClient.setQueryData(keyOf(businessId), null),
  });
}
