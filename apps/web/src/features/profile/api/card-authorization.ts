import { CardAuthEndpoint, type CardAuthEndpointRequest } from '@far/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** The business's real-time card authorisation endpoint (GET/PUT /api/v1/cards/authorization-endpoint). */
const key = ['profile', 'card-authorization'] as const;

export function useCardAuthEndpoint() {
  return useQuery({
    queryKey: key,
    queryFn: () => unwrap(api.GET('/api/v1/cards/authorization-endpoint', { schema: CardAuthEndpoint.nullable(), envelope: 'none' })),
  });
}

export function useSaveCardAuthEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CardAuthEndpointRequest>) =>
      unwrap(api.PUT('/api/v1/cards/authorization-endpoint', { body, schema: CardAuthEndpoint, envelope: 'none' })),
    onSuccess: (data) => queryClient.setQueryData(key, { ...data, Secret: undefined }),
  });
}

export function useRemoveCardAuthEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/cards/authorization-endpoint/delete', { body: {}, schema: z.null(), envelope: 'none' })),
    onSuccess: () => queryClient.setQueryData(key, null),
  });
}
