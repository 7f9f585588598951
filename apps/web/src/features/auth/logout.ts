import { api } from '../../api/client';
import { sessionStore } from '../../auth/session-store';

/** Revokes the session on the server, clears it locally and reloads the app. */
export async function logoutAndReload() {
  try {
    // The contract (and zod with it) only now: not in the first download of every screen (issue 28).
    const { logout } = await import('@tz/shared/auth/auth.contract');
    await api(logout);
  } catch {
    // Already invalid on the server: clearing locally is all that is left.
  }
  sessionStore.set(null);
  window.location.assign('/login');
}
