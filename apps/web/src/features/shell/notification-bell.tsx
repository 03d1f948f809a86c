import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../lib/api/get-menu-permissions';
import { useNotificationStream, useUnreadCount } from '../../lib/api/notifications-live';

/** The header bell: the unread count, kept current by the live stream (no reload, no polling). */
export function NotificationBell() {
  const allowed = useCan('/notification', 'Ver');
  const unread = useUnreadCount();
  useNotificationStream(allowed);
  if (!allowed) return null;
  const n = unread.data?.unread ?? 0;
  const label = n === 0 ? 'Notificaciones: ninguna sin leer' : `Notificaciones: ${n} sin leer`;
  return (
    <Tooltip label={label}>
      <Indicator
        label={n > 99 ? '99+' : n}
        size={18}
        color="red"
        disabled={n === 0}
        offset={4}
        data-testid="header-bell-count"
        data-count={n}
        data-ready={unread.data ? 1 : 0}
      >
        <ActionIcon component={Link} to="/notification" variant="light" size="lg" aria-label={label} data-testid="header-bell">
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
