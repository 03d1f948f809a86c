import { NotificationPreferences, WebhookDelivery, WebhookEndpoint, perPageOf, type WebhookEndpointRequest, type WebhookEndpointUpdate } from '@far/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** Per-kind e-mail choices (GET/PUT /api/notification/preferences) and the business's webhooks. */
const prefsKey = ['profile', 'notification-preferences'] as const;
const webhooksKey = ['profile', 'webhooks'] as const;

export function usePreferences() {
  return useQuery({
    queryKey: prefsKey,
    queryFn: () => unwrap(api.GET('/api/notification/preferences', { schema: NotificationPreferences, envelope: 'none' })),
  });
}

export type PreferenceChoice = z.input<typeof NotificationPreferences>['Items'][number];

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (Items: PreferenceChoice[]) =>
      unwrap(
        api.PUT('/api/notification/preferences', {
          body: { Items } satisfies z.input<typeof NotificationPreferences>,
          schema: NotificationPreferences,
          envelope: 'none',
        }),
      ),
    onSuccess: (data) => queryClient.setQueryData(prefsKey, data),
  });
}

export type Endpoint = WebhookEndpoint;

export function useEndpoints() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: () => unwrap(api.GET('/api/notification/webhooks', { schema: z.array(WebhookEndpoint), envelope: 'none' })),
  });
}

export function useDeliveries(endpointId: string | null, page: number) {
  return useQuery({
    queryKey: [...webhooksKey, 'deliveries', endpointId, page],
    queryFn: () =>
      unwrap(
        api.GET('/api/notification/webhooks/{id}/deliveries', {
          params: { path: { id: endpointId! }, query: { page, perPage: 10 } },
          schema: perPageOf(WebhookDelivery),
          envelope: 'none',
        }),
      ),
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
  });
}

function useWebhookMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }) });
}

export const useCreateEndpoint = () =>
  useWebhookMutation((body: z.input<typeof WebhookEndpointRequest>) =>
    unwrap(api.POST('/api/notification/webhooks', { body, schema: WebhookEndpoint, envelope: 'none' })),
  );
export const useUpdateEndpoint = () =>
  useWebhookMutation(({ id, ...body }: { id: string } & z.input<typeof WebhookEndpointUpdate>) =>
    unwrap(api.PUT('/api/notification/webhooks/{id}', { params: { path: { id } }, body, schema: WebhookEndpoint, envelope: 'none' })),
  );
export const useDeleteEndpoint = () =>
  useWebhookMutation((id: string) =>
    unwrap(api.POST('/api/notification/webhooks/delete/{id}', { params: { path: { id } }, body: {}, schema: z.null(), envelope: 'none' })),
  );
export const useResend = () =>
  useWebhookMutation((id: string) =>
    unwrap(api.POST('/api/notification/webhooks/deliveries/{id}/resend', { params: { path: { id } }, body: {}, schema: z.null(), envelope: 'none' })),
  );
