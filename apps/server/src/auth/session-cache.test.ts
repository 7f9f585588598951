import type { SessionInfo } from '@tz/shared/auth/auth.contract';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from './guard';
import { SessionCache } from './session-cache';

const auth = (userId: number, sessionId: string, expiresAt = new Date(10_000_000)): AuthContext => ({
  userId,
  sessionId,
  staffId: 1,
  roleId: 30,
  name: 'N',
  email: 'n@x.example',
  expiresAt,
  stage: 'full',
});

function cacheAt(ttlMs: number) {
  const clock = { now: 1_000 };
  return { clock, cache: new SessionCache(ttlMs, () => clock.now) };
}

describe('session cache', () => {
  it('answers a verified session until its time is up', () => {
    const { clock, cache } = cacheAt(5_000);
    cache.set('t1', auth(1, 's1'));
    clock.now += 4_999;
    expect(cache.get('t1')?.userId).toBe(1);
    clock.now += 1;
    expect(cache.get('t1')).toBeUndefined();
  });

  it("never outlives the session's own expiry", () => {
    const { clock, cache } = cacheAt(5_000);
    cache.set('t1', auth(1, 's1', new Date(2_000)));
    clock.now = 1_999;
    expect(cache.get('t1')).toBeDefined();
    clock.now = 2_000;
    expect(cache.get('t1')).toBeUndefined();
  });

  it("forgets every token of a user, and one session's token, leaving the others", () => {
    const { cache } = cacheAt(5_000);
    cache.set('a1', auth(1, 's1'));
    cache.set('a2', auth(1, 's2'));
    cache.set('b1', auth(2, 's3'));
    cache.forgetUser(1);
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')).toBeDefined();
    cache.forgetSession('s3');
    expect(cache.get('b1')).toBeUndefined();
  });

  it("keeps a user's session answer until the user or the centre changes", () => {
    const { clock, cache } = cacheAt(5_000);
    const info = (userId: number, staffId: number) =>
      ({ user: { id: userId }, centre: { id: staffId } }) as unknown as SessionInfo;
    cache.setInfo(1, info(1, 7));
    cache.setInfo(2, info(2, 8));
    // a platform admin working for another centre: one answer per centre
    cache.setInfo(2, info(2, 9));
    expect(cache.info(1, 7)?.centre.id).toBe(7);
    expect(cache.info(1, 8)).toBeUndefined();
    expect(cache.info(2, 9)?.centre.id).toBe(9);
    cache.forgetCentre(7);
    expect(cache.info(1, 7)).toBeUndefined();
    expect(cache.info(2, 8)).toBeDefined();
    cache.forgetUser(2);
    expect(cache.info(2, 8)).toBeUndefined();
    expect(cache.info(2, 9)).toBeUndefined();
    cache.setInfo(3, info(3, 9));
    clock.now += 5_000;
    expect(cache.info(3, 9)).toBeUndefined();
  });

  it('keeps nothing with a time of 0', () => {
    const { cache } = cacheAt(0);
    cache.set('t1', auth(1, 's1'));
    cache.setInfo(1, { user: { id: 1 }, centre: { id: 1 } } as unknown as SessionInfo);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.info(1, 1)).toBeUndefined();
  });
});
