import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useSession } from '../../lib/session';

// Apart from guards.tsx: the sign-in screen's first load must not carry the signed-in guards' queries.
/** Sign-in, sign-up and password reset: a signed-in person goes to the start page instead. */
export function PublicOnly() {
  const { status } = useSession();
  if (status === 'restoring') return <LoadingScreen label="Restaurando tu sesión…" />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
