import { useSyncExternalStore } from 'react';
import { sessionStore } from './session-store';

/**
 * The stored login answer, re-rendering on login, logout and expiry. Apart
 * from use-session.ts so the route guards (first download) need no contract.
 */
export function useStoredSession() {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
