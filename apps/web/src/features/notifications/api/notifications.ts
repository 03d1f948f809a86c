import {
  Announcement,
  BusinessListItem,
  NotificationItem,
  NotificationPage,
  pageOf,
  type AnnouncementRequest,
  type BusinessListBody,
  type NotificationListRequest,
  type NotificationUpdateRequest,
} from '@far/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { notificationsKey } from '../../../lib/api/notifications-live';
import { api } from '../../../lib/api';

export type Notice = z.infer<typeof NotificationItem>;
export type { Announcement };

export interface NoticeQuery {
  page: number;
  perPage: number;
  search: string;
  status: '' | '1' | '2';
  kind: string;
}

type ListFilters = NonNullable<z.input<typeof NotificationListRequest>['Filters']>;

/** POST /api/notification/query/get-all with the §7 envelope fields (base64 by default). */
const listNotices = (q: NoticeQuery) =>
  api.POST('/api/notification/query/get-all', {
    body: {
      Pagination: { page: q.page, perPage: q.perPage },
      Search: q.search.trim() || undefined,
      // The screen's selects give text; the server refuses a status or kind outside the contract's.
      Filters: { i_status: q.status ? (Number(q.status) as ListFilters['i_status']) : undefined, v_kind: (q.kind || undefined) as ListFilters['v_kind'] },
      Order: { field: 'd_create_at', dir: 'desc' },
    } satisfies z.input<typeof NotificationListRequest>,
    schema: NotificationPage,
  });

export function useNotices(q: NoticeQuery) {
  return useQuery({
    queryKey: [...notificationsKey, 'list', q],
    queryFn: async () => (await unwrap(listNotices(q))) as z.infer<typeof NotificationPage> & { items: Notice[] },
    placeholderData: keepPreviousData,
  });
}

function useRefreshing<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }) });
}

export const useSetRead = () =>
  useRefreshing(({ uid, read }: { uid: string; read: boolean }) =>
    unwrap(
      api.POST('/api/notification/action/update/{uid}', {
        params: { path: { uid } },
        body: { Filters: { v_uid: uid }, Data: { i_status: read ? 2 : 1 } } satisfies z.input<typeof NotificationUpdateRequest>,
        schema: NotificationItem,
      }),
    ),
  );

export const useMarkAllRead = () =>
  useRefreshing(() => unwrap(api.POST('/api/notification/action/read-all', { body: {}, schema: z.object({ updated: z.number() }) })));

export const useAnnounce = () =>
  useRefreshing((body: z.input<typeof AnnouncementRequest>) => unwrap(api.POST('/api/notification/action/announce', { body, schema: Announcement })));

export function useAnnouncements(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsKey, 'announcements'],
    queryFn: () => unwrap(api.GET('/api/notification/announcements', { schema: z.array(Announcement) })),
    enabled,
  });
}

const BusinessChoices = pageOf(BusinessListItem);
/** Businesses matching the text typed in the announcement form (staff). */
export function useBusinessChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsKey, 'business-choices', search],
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/profiles/business/query/list', {
          body: { Page: 1, Size: 20, Search: search.trim() || undefined } satisfies z.input<typeof BusinessListBody>,
          schema: BusinessChoices,
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
