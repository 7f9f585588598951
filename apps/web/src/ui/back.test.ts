import { describe, expect, it } from 'vitest';
import { backTarget } from './back';

describe('backTarget', () => {
  it('steps back when the app has an entry before this one', () => {
    expect(backTarget({ usr: null, key: 'a1', idx: 3 }, '/appointments')).toBe(-1);
    expect(backTarget({ idx: 1 }, '/appointments')).toBe(-1);
  });

  it('falls back to the route on the first entry of a tab (new tab, bookmark, reload of a direct link)', () => {
    expect(backTarget({ usr: null, key: 'default', idx: 0 }, '/appointments')).toBe('/appointments');
  });

  it('falls back without any state of the router', () => {
    expect(backTarget(null, '/appointments')).toBe('/appointments');
    expect(backTarget(undefined, '/home')).toBe('/home');
    expect(backTarget({ idx: '2' }, '/appointments')).toBe('/appointments');
  });
});
