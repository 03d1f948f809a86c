import type { PermissionName } from '@far/contracts';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { ErrorAlert } from '../../components/error-alert';
import { useMe } from '../../lib/api/get-me';
import { canIn, useMenuPermissions } from '../../lib/api/get-menu-permissions';
import { useSession } from '../../lib/session';
import { ForbiddenPage } from './forbidden-page';

/** Screens behind sign-in. While a reload restores the session, a loader is shown instead. */
export function RequireAuth() {
  const { status, endNotice } = useSession();
  const location = useLocation();
  if (status === 'restoring') return <LoadingScreen label="Restaurando tu sesión…" />;
  if (status === 'anonymous') {
    // After an expiry, sign-in returns to this screen; after a sign-out it starts afresh.
    const from = endNotice?.signedOut ? undefined : location.pathname + location.search;
    const notice = endNotice ? { color: endNotice.color, message: endNotice.message } : undefined;
    return <Navigate to="/login" replace state={{ from, notice }} />;
  }
  return <Outlet />;
}

/** A menu screen: reachable only when the caller's role grants `permission` (Ver) on it. */
export function RequireMenu({ url, permission = 'Ver', children }: { url: string; permission?: PermissionName; children: ReactNode }) {
  const grants = useMenuPermissions();
  const { mustChangePassword } = useSession();
  // A temporary password allows only the profile, where it is changed (the layout enforces it).
  if (mustChangePassword) return <>{children}</>;
  if (grants.isPending) return <LoadingScreen />;
  if (grants.isError) return <ErrorAlert error={grants.error} title="No fue posible verificar tus permisos" onRetry={() => void grants.refetch()} />;
  if (!canIn(grants.data, url, permission)) return <ForbiddenPage />;
  return <>{children}</>;
}

/** Screens only a super administrator may open (the mailbox). */
export function RequireSuper({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  if (me.isError) return <ErrorAlert error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data.isSuper) return <ForbiddenPage />;
  return <>{children}</>;
}
