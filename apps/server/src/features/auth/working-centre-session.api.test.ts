import type { SessionInfo } from '@tz/shared/auth/auth.contract';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centreWithUser, createCentre } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionFor = (headers: Record<string, string>, staffId: number) =>
  t.app.inject({ method: 'GET', url: `/api/staff/${staffId}/session`, headers });

describe("the session answer of the centre one works for (issue 26, item 2: 'ID übernehmen')", () => {
  it("gives a platform admin the adopted centre's flags, and their own again when they switch back", async () => {
    const platform = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const pharmacy = await createCentre(t.database.db, {
      type: '3',
      consumables: true,
      full_name: 'Apotheke am Markt',
    });
    const testCentre = await createCentre(t.database.db, { type: '1' });
    const lab = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${testCentre.id}/pcr-labs`,
      headers: platform.headers,
      payload: { name: 'Labor Nord', email: '', show_sidebar: 1, products: [] },
    });
    expect(lab.statusCode, lab.body).toBe(200);

    const own = await sessionFor(platform.headers, platform.centre.id);
    expect(own.statusCode).toBe(200);
    expect((own.json() as SessionInfo).centre).toMatchObject({
      id: platform.centre.id,
      consumables: false,
      pcr_sidebar: false,
    });

    const asPharmacy = (await sessionFor(platform.headers, pharmacy.id)).json() as SessionInfo;
    expect(asPharmacy.centre).toMatchObject({
      id: pharmacy.id,
      full_name: 'Apotheke am Markt',
      type: '3',
      consumables: true,
      pcr_sidebar: false,
    });
    // still the same person: the user part is the platform admin's
    expect(asPharmacy.user).toMatchObject({ id: platform.user.id, role_id: ROLE.platformAdmin });
    expect(asPharmacy.user.expiration).toBeGreaterThan(0);

    const asTestCentre = (await sessionFor(platform.headers, testCentre.id)).json() as SessionInfo;
    expect(asTestCentre.centre).toMatchObject({ id: testCentre.id, consumables: false, pcr_sidebar: true });

    // answers are cached per centre: switching back gives the own centre again, not the last adopted one
    expect(((await sessionFor(platform.headers, platform.centre.id)).json() as SessionInfo).centre.id).toBe(
      platform.centre.id,
    );
    const plain = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: platform.headers });
    expect((plain.json() as SessionInfo).centre.id).toBe(platform.centre.id);
  });

  it("refuses another centre's answer to everyone else, and names a centre that does not exist", async () => {
    const other = await createCentre(t.database.db, { consumables: true });
    for (const role of [ROLE.admin, ROLE.manager, ROLE.staff]) {
      const caller = await centreWithUser(t.app, t.database.db, role);
      expect((await sessionFor(caller.headers, other.id)).statusCode, `role ${role}`).toBe(403);
      const own = await sessionFor(caller.headers, caller.centre.id);
      expect(own.statusCode).toBe(200);
      expect((own.json() as SessionInfo).centre.id).toBe(caller.centre.id);
    }
    const platform = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const missing = await sessionFor(platform.headers, 999_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'CENTRE_NOT_FOUND', message: MSG.centreNotFound });
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/${other.id}/session` })).statusCode).toBe(401);
  });
});
