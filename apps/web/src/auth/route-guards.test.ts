import { MantineProvider } from '@mantine/core';
import type { LoginResponse } from '@tz/shared/auth/auth.contract';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withRouteAccess } from './route-guards';
import { sessionStore } from './session-store';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
};

beforeAll(() => {
  Object.assign(globalThis, { localStorage: memory(), sessionStorage: memory() });
});
afterEach(() => sessionStore.set(null));

const loginAs = (role_id: number) =>
  sessionStore.set({
    login: {
      token: 't',
      name: 'N',
      id: 9,
      role_id,
      bookly_staff_id: 2,
      email: 'n@example.de',
      testcenter_email: null,
      // far in the future: no expiry timer fires during the test
      expiration: 4_000_000_000,
      last_seen_news_item: null,
      error: null,
      second_factor: null,
    } satisfies LoginResponse,
  });

const Form: ComponentType = () => createElement('form', null, 'Benutzer anlegen');
const render = (C: ComponentType) =>
  renderToStaticMarkup(createElement(MantineProvider, null, createElement(MemoryRouter, null, createElement(C))));

describe('route guard', () => {
  it('shows staff (30) the no-permission page instead of the create-user form', () => {
    loginAs(ROLE.staff);
    const html = render(withRouteAccess('createUser', Form));
    expect(html).toContain(MSG.noPermissionTitle);
    expect(html).not.toContain('<form');
  });

  it('shows a manager (25) the create-user form', () => {
    loginAs(ROLE.manager);
    const html = render(withRouteAccess('createUser', Form));
    expect(html).toContain('<form');
    expect(html).not.toContain(MSG.noPermissionTitle);
  });

  it('keeps the settings from a manager and opens them to an administrator', () => {
    loginAs(ROLE.manager);
    expect(render(withRouteAccess('settings', Form))).toContain(MSG.noPermissionTitle);
    loginAs(ROLE.admin);
    expect(render(withRouteAccess('settings', Form))).toContain('<form');
  });

  it('leaves public screens unguarded', () => {
    expect(withRouteAccess('check-in-form', Form)).toBe(Form);
  });
});
