import { getAccountStatus, suspendAccount } from '@tz/shared/account/account.contract';
import { ROLE } from '@tz/shared/constants';
import type { Endpoint } from '@tz/shared/http/endpoint';
import { createTestCentreUser, listTestCentres } from '@tz/shared/platform/platform.contract';
import {
  createSpecialDays,
  listHolidays,
  listScheduleItems,
  updateHolidays,
  updateSchedule,
} from '@tz/shared/schedule/schedule.contract';
import { createService, listAvailableServices, updateService } from '@tz/shared/services/services.contract';
import { getSettings, updateSettings } from '@tz/shared/settings/settings.contract';
import { createUser, listUsers } from '@tz/shared/users/users.contract';
import { describe, expect, it } from 'vitest';
import { type SidebarContext, sidebarEntries } from './layout/sidebar-entries';
import { mayOpen, ROUTE_ACCESS } from './route-access';
import { ROUTES, type RouteName } from './routes';

/** The spec's role conditions (core-workflow §2 Sidebar and §6, configuration-admin §6), written out once more. */
const SPEC: Partial<Record<RouteName, number | 'public'>> = {
  login: 'public',
  'check-in-form': 'public',
  booking: 'public',
  bookingCancel: 'public',
  bookingResult: 'public',
  bookingImprint: 'public',
  bookingPrivacy: 'public',
  products: ROLE.manager,
  productsCreate: ROLE.manager,
  editProduct: ROLE.manager,
  openingHours: ROLE.manager,
  specialDays: ROLE.manager,
  holidays: ROLE.manager,
  users: ROLE.manager,
  createUser: ROLE.manager,
  account: ROLE.admin,
  exports: ROLE.admin,
  settings: ROLE.admin,
  audit: ROLE.admin,
  listTestcenters: ROLE.platformAdmin,
  testcenter_user: ROLE.platformAdmin,
  adminExports: ROLE.platformAdmin,
};
const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];
const ROLES = [1, ROLE.platformAdmin, ROLE.admin, ROLE.manager, ROLE.staff];

describe('route access table', () => {
  it('lists every route of the routing table and nothing else', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual([...ROUTE_NAMES].sort());
  });

  it.each(ROUTE_NAMES)('%s has the role condition of the spec (everything else: role 30)', (name) => {
    expect(ROUTE_ACCESS[name]).toBe(SPEC[name] ?? ROLE.staff);
  });

  it('closes configuration and user management to staff (30), but not their own screens', () => {
    for (const name of ['users', 'createUser', 'productsCreate', 'specialDays', 'holidays', 'settings'] as const) {
      expect(mayOpen(name, ROLE.staff)).toBe(false);
    }
    for (const name of ['appointments', 'customers', 'updatePassword', 'news', 'home'] as const) {
      expect(mayOpen(name, ROLE.staff)).toBe(true);
    }
  });

  it('opens services, hours and users to managers (25) but not settings, account or export', () => {
    expect(mayOpen('users', ROLE.manager)).toBe(true);
    expect(mayOpen('openingHours', ROLE.manager)).toBe(true);
    expect(mayOpen('settings', ROLE.manager)).toBe(false);
    expect(mayOpen('account', ROLE.manager)).toBe(false);
    expect(mayOpen('exports', ROLE.manager)).toBe(false);
  });

  it('keeps the centre list and admin export to platform admins', () => {
    expect(mayOpen('listTestcenters', ROLE.admin)).toBe(false);
    expect(mayOpen('testcenter_user', ROLE.admin)).toBe(false);
    expect(mayOpen('adminExports', ROLE.platformAdmin)).toBe(true);
    expect(mayOpen('adminExports', 1)).toBe(true);
  });

  it('opens the public screens to everyone', () => {
    expect(mayOpen('check-in-form', 99)).toBe(true);
    expect(mayOpen('booking', 99)).toBe(true);
    expect(mayOpen('bookingCancel', 99)).toBe(true);
    expect(mayOpen('bookingResult', 99)).toBe(true);
  });

  // A screen open to a role whose calls the server then refuses is the defect this table prevents.
  const screens: [RouteName, Endpoint[]][] = [
    ['users', [listUsers]],
    ['createUser', [createUser]],
    ['products', [listAvailableServices]],
    ['productsCreate', [createService]],
    ['editProduct', [updateService]],
    ['openingHours', [listScheduleItems, updateSchedule]],
    ['specialDays', [createSpecialDays]],
    ['holidays', [listHolidays, updateHolidays]],
    ['account', [getAccountStatus, suspendAccount]],
    ['settings', [getSettings, updateSettings]],
    ['listTestcenters', [listTestCentres]],
    ['testcenter_user', [createTestCentreUser]],
  ];
  it.each(screens)('%s is open to exactly the roles the server lets call its endpoints', (name, endpoints) => {
    for (const e of endpoints) {
      expect('maxRole' in e.access && e.access.maxRole).toBe(ROUTE_ACCESS[name]);
    }
  });
});

describe('sidebar and route guard agree', () => {
  const everything = (roleId: number): SidebarContext => ({
    roleId,
    staffId: 2,
    userId: 9,
    consumables: true,
    pcrSidebar: true,
    host: undefined,
  });

  it.each(ROLES)('role %i: every sidebar entry opens a route the guard lets through', (roleId) => {
    const internal = sidebarEntries(everything(roleId)).filter((e) => !e.external);
    expect(internal.length).toBeGreaterThan(0);
    for (const e of internal) {
      expect(e.route).toBeDefined();
      expect(mayOpen(e.route!, roleId)).toBe(true);
    }
  });

  it.each(ROLES)('role %i: the guarded entries appear exactly when the route is open', (roleId) => {
    const routes = sidebarEntries(everything(roleId)).map((e) => e.route);
    for (const route of ['products', 'openingHours', 'holidays', 'users', 'account', 'exports', 'settings'] as const) {
      expect(routes.includes(route)).toBe(mayOpen(route, roleId));
    }
    expect(routes.includes('listTestcenters')).toBe(mayOpen('listTestcenters', roleId));
    expect(routes.includes('adminExports')).toBe(mayOpen('adminExports', roleId));
  });
});
