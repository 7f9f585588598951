import { isPlatformAdmin } from '@tz/shared/constants';
import type { ComponentType } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { mayOpen, ROUTE_ACCESS } from '../route-access';
import type { RouteName } from '../routes';
import { NoPermissionPage } from '../ui/no-permission-page';
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

/**
 * The screen of a route behind its role condition (route-access.ts): a user
 * whose role may not open it sees the 'Keine Berechtigung' page, and the
 * screen (with its queries and forms) never renders. Checked on every render,
 * so a change of the stored session applies at once.
 */
export function withRouteAccess(name: RouteName, Screen: ComponentType): ComponentType {
  if (ROUTE_ACCESS[name] === 'public') return Screen;
  function Guarded() {
    const session = useStoredSession();
    if (!session || !mayOpen(name, session.login.role_id)) return <NoPermissionPage />;
    return <Screen />;
  }
  Guarded.displayName = `RouteAccess(${name})`;
  return Guarded;
}
