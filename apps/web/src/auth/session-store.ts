import type { LoginResponse } from '@tz/shared/auth/auth.contract';

/**
 * The stored session (the login answer) plus, for platform admins, the centre
 * they currently work for. Kept in localStorage so a reload stays logged in;
 * the server remains the judge of whether the token is still valid.
 */
export interface StoredSession {
  login: LoginResponse;
  workingStaffId?: number;
}

const KEY = 'tz.session';
const FLASH = 'tz.flash';
type Listener = (s: StoredSession | null) => void;
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setTimeout> | undefined;

function read(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

let current: StoredSession | null = read();

export const sessionStore = {
  get: () => current,
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  set(s: StoredSession | null) {
    current = s;
    if (s) localStorage.setItem(KEY, JSON.stringify(s));
    else localStorage.removeItem(KEY);
    scheduleExpiry();
    for (const l of listeners) l(s);
  },
  /** The centre the screens work on: the adopted one for platform admins, else the own. */
  staffId: () => current?.workingStaffId ?? current?.login.bookly_staff_id ?? 0,
  /**
   * Ends the session locally with a message for the login screen. Listeners
   * are not told: the caller reloads into /login, and a re-render first would
   * let a login screen consume the message before the reload.
   */
  expire(message: string) {
    sessionStorage.setItem(FLASH, message);
    localStorage.removeItem(KEY);
    if (timer) clearTimeout(timer);
  },
  takeFlash(): string | null {
    const m = sessionStorage.getItem(FLASH);
    sessionStorage.removeItem(FLASH);
    return m;
  },
};

let onExpire: () => void = () => {};
/** The app registers what happens when the expiration time passes. */
export function setExpiryHandler(fn: () => void) {
  onExpire = fn;
  scheduleExpiry();
}

function scheduleExpiry() {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (!current) return;
  const ms = current.login.expiration * 1000 - Date.now();
  if (ms <= 0) {
    queueMicrotask(() => onExpire());
    return;
  }
  // setTimeout cannot wait longer than ~24.8 days; sessions are far shorter.
  timer = setTimeout(() => onExpire(), Math.min(ms, 2_000_000_000));
}
