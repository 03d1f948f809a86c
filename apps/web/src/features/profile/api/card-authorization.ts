import { CardAuthEndpoint, type CardAuthEndpointRequest } from '@far/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** The business's real-time card authorisation endpoint (GET/PUT /api/v1/cards/authorization-endpoint). */
const key = ['profile', 'card-authorization'] as const;
const path = '/api/v1/cards/authorization-endpoint';

export function useCardAuthEndpoint() {
  return useQuery({ queryKey: key, queryFn: () => unwrap(apiRequest('GET', path, { schema: CardAuthEndpoint.nullable(), envelope: 'none' })) });
}

export function useSaveCardAuthEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CardAuthEndpointRequest>) => unwrap(apiRequest('PUT', path, { body, schema: CardAuthEndpoint, envelope: 'none' })),
    onSuccess: (data) => queryClient.setQueryData(key, { ...data, Secret: undefined }),
  });
}

export function useRemoveCardAuthEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(apiRequest('POST', `${path}/delete`, { body: {}, schema: z.null(), envelope: 'none' })),
    onSuccess: () => queryClient.setQueryData(key, null),
  });
}
