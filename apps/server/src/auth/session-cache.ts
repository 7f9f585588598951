import type { SessionInfo } from '@tz/shared/auth/auth.contract';
import type { AuthContext } from './guard';

const MAX_ENTRIES = 10_000;

/**
 * Verified sessions by token, so the guard answers most calls without a JWT
 * check or a database round trip, and the session check's answer by user.
 * An entry lives `ttlMs` at most and never past the session's own expiry.
 * Changes made through this server (logout, block, role, password, name,
 * news read, centre settings) drop the affected entries at once; changes made
 * elsewhere (another server process, SQL by hand) are seen after `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { auth: AuthContext; until: number }>();
  /** By user and centre ('12/7'): a platform admin asks for each centre they work for. */
  private readonly infos = new Map<string, { info: SessionInfo; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): AuthContext | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.now() >= entry.until) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.auth;
  }

  set(token: string, auth: AuthContext) {
    if (this.ttlMs <= 0) return;
    // A crude bound: many distinct tokens within a few seconds only happen under attack or load tests.
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, { auth, until: Math.min(this.now() + this.ttlMs, auth.expiresAt.getTime()) });
  }

  /**
   * The session check's answer for a user working for a centre (their own, or the one a platform
   * admin adopted), without `expiration` (that belongs to the token).
   */
  info(userId: number, staffId: number): SessionInfo | undefined {
    const key = `${userId}/${staffId}`;
    const entry = this.infos.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.until) {
      this.infos.delete(key);
      return undefined;
    }
    return entry.info;
  }

  setInfo(userId: number, info: SessionInfo) {
    if (this.ttlMs <= 0) return;
    if (this.infos.size >= MAX_ENTRIES) this.infos.clear();
    this.infos.set(`${userId}/${info.centre.id}`, { info, until: this.now() + this.ttlMs });
  }

  /** Call after the change has been committed, or a concurrent call may cache the old state again. */
  forgetUser(userId: number) {
    for (const [token, entry] of this.entries) if (entry.auth.userId === userId) this.entries.delete(token);
    for (const [key, entry] of this.infos) if (entry.info.user.id === userId) this.infos.delete(key);
  }

  /** The centre's name, type or settings changed: every user's session answer of that centre is stale. */
  forgetCentre(staffId: number) {
    for (const [key, entry] of this.infos) if (entry.info.centre.id === staffId) this.infos.delete(key);
  }

  forgetSession(sessionId: string) {
    for (const [token, entry] of this.entries) if (entry.auth.sessionId === sessionId) this.entries.delete(token);
  }

  /** Everything: the clock moved (tests only), so every entry's expiry is in question. */
  clear() {
    this.entries.clear();
    this.infos.clear();
  }
}
