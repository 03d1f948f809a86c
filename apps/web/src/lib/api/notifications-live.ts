import { StreamTicket, UnreadCount } from '@far/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrap } from '../api-client';
import { useSession } from '../session';
import { api, apiUrl } from '../api';

/**
 * The unread count of the header bell and the live stream that keeps it current (shared by the
 * shell and the notifications screen: every query under `notificationsKey` is refreshed when a
 * notice arrives).
 */
export const notificationsKey = ['notifications'] as const;
export const unreadKey = [...notificationsKey, 'unread'] as const;

export const getUnreadCount = () => api.POST('/api/notification/query/unread-count', { body: {}, schema: UnreadCount });

export function useUnreadCount() {
  const { status } = useSession();
  return useQuery({ queryKey: unreadKey, queryFn: () => unwrap(getUnreadCount()), enabled: status === 'authenticated', staleTime: 60_000 });
}

const RECONNECT_MS = 3000;

/**
 * Opens the Server-Sent Events stream. EventSource cannot send the bearer header, so each
 * connection first asks for a single-use ticket (valid 60 s) with the session's token; when the
 * stream drops (server restart, the 15-minute limit, a network change) it asks for a new one.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retry = () => {
      source?.close();
      source = null;
      if (!stopped) timer = setTimeout(() => void open(), RECONNECT_MS);
    };
    const open = async () => {
      const [ticket] = await api.POST('/api/notification/stream/ticket', { body: {}, schema: StreamTicket });
      if (stopped) return;
      if (!ticket) return retry();
      source = new EventSource(apiUrl('/api/notification/stream', { query: { ticket: ticket.Ticket } }));
      source.addEventListener('unread', (e) => {
        const { unread } = JSON.parse((e as MessageEvent<string>).data) as { unread: number };
        queryClient.setQueryData(unreadKey, { unread });
        void queryClient.invalidateQueries({ queryKey: notificationsKey, predicate: (q) => q.queryKey[1] !== 'unread' });
      });
      source.onerror = retry;
    };
    // Not needed for the first screen (the count comes with its query, and the stream sends the
    // current count when it opens): it opens once the browser is idle, off the page's first load.
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void open(), { timeout: 2000 }) : undefined;
    if (idle === undefined) void open();
    return () => {
      stopped = true;
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
