import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { CAPACITY_ORDER_MESSAGE } from '@tz/shared/services/services.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  centreWithUser,
  createCatalogueEntry,
  createService,
  createUser,
  ensureTestTypes,
  login,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensureTestTypes(t.database.db);
});
afterAll(() => t.close());

const form = {
  title: 'Reiseberatung',
  price: 2450,
  priceTxt: '24,50 €',
  test_type: 1,
  // the form's 15 and 30 minutes, times 60
  slot_length: 15 * 60,
  duration: 30 * 60,
  capacity_min: 1,
  capacity_max: 3,
};

async function manager() {
  return centreWithUser(t.app, t.database.db, ROLE.manager);
}

describe('own services', () => {
  it('creates a custom service in seconds and answers it inactive until activated', async () => {
    const m = await manager();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services`,
      headers: m.headers,
      payload: { ...form, staff_id: m.centre.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.serviceCreated);
    const created = res.json().service;
    expect(created).toMatchObject({ ...form, custom: true, active: false });

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${m.centre.id}/services/${created.id}`,
      headers: m.headers,
    });
    expect(one.json()).toMatchObject({ slot_length: 900, duration: 1800 });
    const custom = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${m.centre.id}/services/custom`,
      headers: m.headers,
    });
    expect(custom.json().map((s: { id: number }) => s.id)).toEqual([created.id]);
  });

  it('refuses a slot length that is not whole minutes (seconds on the wire)', async () => {
    const m = await manager();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services`,
      headers: m.headers,
      payload: { ...form, slot_length: 15 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain('slot_length');
  });

  it('refuses capacity_min above capacity_max', async () => {
    const m = await manager();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services`,
      headers: m.headers,
      payload: { ...form, capacity_min: 4, capacity_max: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(CAPACITY_ORDER_MESSAGE);
    expect(res.json().details).toEqual([{ field: 'capacity_min', message: CAPACITY_ORDER_MESSAGE }]);
  });

  it('refuses a missing field and an unknown test type', async () => {
    const m = await manager();
    const { title: _, ...noTitle } = form;
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services`,
      headers: m.headers,
      payload: noTitle,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Titel ist ein Pflichtfeld');
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services`,
      headers: m.headers,
      payload: { ...form, test_type: 999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(MSG.testTypeUnknown);
    expect(unknown.json().details).toEqual([{ field: 'test_type', message: MSG.testTypeUnknown }]);
  });

  it('edits a service and keeps other centres out of it', async () => {
    const m = await manager();
    const other = await manager();
    const s = await createService(t.database.db, { staff_id: m.centre.id, custom: true });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services/${s.id}`,
      headers: m.headers,
      payload: { ...form, title: 'Neu', duration: 20 * 60 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.serviceUpdated);
    expect(res.json().service).toMatchObject({ title: 'Neu', duration: 1200, price: 2450 });

    // The other centre's path with this service id: not found there.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${other.centre.id}/services/${s.id}`,
      headers: other.headers,
      payload: form,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('catalogue and activation', () => {
  it('activates a catalogue entry as the centre’s own service with the row’s test type, places and minutes', async () => {
    const m = await manager();
    const entry = await createCatalogueEntry(t.database.db, { duration: 600, capacity_max: 2 });
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${m.centre.id}/services/available`,
      headers: m.headers,
    });
    const listed = before
      .json()
      .flatMap((c: { services: { catalogue_id: number }[] }) => c.services)
      .find((s: { catalogue_id: number }) => s.catalogue_id === entry.id);
    expect(listed.service).toBeNull();

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services/activation`,
      headers: m.headers,
      payload: {
        staff_id: m.centre.id,
        services: [{ catalogue_id: entry.id, active: true, test_type: 2, capacity_max: 5, duration: 25 * 60 }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.selectionSaved);
    const own = res.json().services.find((s: { catalogue_id: number }) => s.catalogue_id === entry.id);
    expect(own).toMatchObject({ active: true, custom: false, test_type: 2, capacity_max: 5, duration: 1500 });

    // Deactivating keeps the row (appointments reference it); active is the only switch.
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services/activation`,
      headers: m.headers,
      payload: { services: [{ catalogue_id: entry.id, active: false }] },
    });
    const after = off.json().services.filter((s: { catalogue_id: number }) => s.catalogue_id === entry.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: own.id, active: false, capacity_max: 5 });

    // Selecting it again re-activates the same row rather than creating a second one.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services/activation`,
      headers: m.headers,
      payload: { services: [{ catalogue_id: entry.id, active: true }] },
    });
    expect(again.json().services.filter((s: { id: number }) => s.id === own.id)[0].active).toBe(true);
    expect(again.json().services).toHaveLength(1);
  });

  it('activates a custom service by selection, and a staff member then sees it among the services', async () => {
    const m = await manager();
    const s = await createService(t.database.db, { staff_id: m.centre.id, custom: true, active: false });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services/activation`,
      headers: m.headers,
      payload: { services: [{ service_id: s.id, active: true }] },
    });
    expect(res.statusCode).toBe(200);
    const staff = await createUser(t.database.db, { staff_id: m.centre.id, role_id: ROLE.staff });
    const { token } = await login(t.app, staff.email);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${m.centre.id}/services`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(expect.objectContaining({ id: s.id, active: true }));
    const types = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${m.centre.id}/services/test-types`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(types.json()).toContainEqual({ id: 1, label: 'Antigen-Schnelltest' });
  });

  it('refuses activating another centre’s service and leaves everything unchanged', async () => {
    const m = await manager();
    const other = await manager();
    const mine = await createService(t.database.db, { staff_id: m.centre.id, active: false });
    const theirs = await createService(t.database.db, { staff_id: other.centre.id, active: false });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services/activation`,
      headers: m.headers,
      payload: {
        services: [
          { service_id: mine.id, active: true },
          { service_id: theirs.id, active: true },
        ],
      },
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: `/api/staff/${m.centre.id}/services`, headers: m.headers });
    expect(list.json().find((s: { id: number }) => s.id === mine.id).active).toBe(false);
  });

  it('refuses maximum places below the minimum in a row', async () => {
    const m = await manager();
    const s = await createService(t.database.db, { staff_id: m.centre.id, capacity_min: 3, capacity_max: 4 });
    const other = await createService(t.database.db, { staff_id: m.centre.id, capacity_min: 1, capacity_max: 4 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services/activation`,
      headers: m.headers,
      payload: {
        services: [
          { service_id: other.id, active: true, capacity_max: 9 },
          { service_id: s.id, active: true, capacity_max: 2 },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(CAPACITY_ORDER_MESSAGE);
    // the row of the request, so the list marks that row's field
    expect(res.json().details).toEqual([{ field: 'services.1.capacity_max', message: CAPACITY_ORDER_MESSAGE }]);
  });

  it('names the row with an unknown test type', async () => {
    const m = await manager();
    const a = await createService(t.database.db, { staff_id: m.centre.id });
    const b = await createService(t.database.db, { staff_id: m.centre.id });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/services/activation`,
      headers: m.headers,
      payload: {
        services: [
          { service_id: a.id, active: true, test_type: 1 },
          { service_id: b.id, active: true, test_type: 999 },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'services.1.test_type', message: MSG.testTypeUnknown }]);
  });
});

describe('roles', () => {
  it('refuses role 30 every change of services', async () => {
    const staff = await centreWithUser(t.app, t.database.db, ROLE.staff);
    const s = await createService(t.database.db, { staff_id: staff.centre.id });
    const calls = [
      { method: 'POST' as const, url: `/api/staff/${staff.centre.id}/services`, payload: form },
      { method: 'POST' as const, url: `/api/staff/${staff.centre.id}/services/${s.id}`, payload: form },
      {
        method: 'POST' as const,
        url: `/api/staff/${staff.centre.id}/services/activation`,
        payload: { services: [{ service_id: s.id, active: false }] },
      },
      { method: 'GET' as const, url: `/api/staff/${staff.centre.id}/services/available` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: staff.headers });
      expect(res.statusCode, call.url).toBe(403);
    }
  });
});
