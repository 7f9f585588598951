import { isPlatformAdmin } from '@tz/shared/constants';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useStoredSession } from './use-stored-session';

/** Not logged in: to login (the public check-in form is outside this guard). */
export function RequireAuth() {
  const session = useStoredSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** A logged-in user who opens login goes to their landing page. */
export function GuestOnly() {
  const session = useStoredSession();
  if (session) return <Navigate to={landingPath(session.login.role_id)} replace />;
  return <Outlet />;
}

/** After login: role 10 or lower to the centre list, everyone else home. */
export const landingPath = (roleId: number) => (isPlatformAdmin(roleId) ? '/testcenter/all' : '/');
