import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { centreWithUser, createUser, login, PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A centre with an admin (20), a manager (25) and a staff member (30), each logged in. */
async function team() {
  const admin = await centreWithUser(t.app, t.database.db, ROLE.admin);
  const staffId = admin.centre.id;
  const managerRow = await createUser(t.database.db, { staff_id: staffId, role_id: ROLE.manager, name: 'Leitung' });
  const staffRow = await createUser(t.database.db, { staff_id: staffId, role_id: ROLE.staff, name: 'Kraft' });
  const manager = { user: managerRow, headers: bearer((await login(t.app, managerRow.email)).token) };
  const staff = { user: staffRow, headers: bearer((await login(t.app, staffRow.email)).token) };
  return { staffId, admin, manager, staff, base: `/api/staff/${staffId}/users` };
}

const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const auditOf = (id: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, String(id)), eq(auditLog.action, action)));
const userCount = async (staffId: number) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.staff_id, staffId))).length;

describe('user list', () => {
  it('lists the users of the own centre with their profile fields, none of another centre', async () => {
    const { base, admin, staff } = await team();
    const other = await centreWithUser(t.app, t.database.db, ROLE.admin);
    const res = await call('GET', base, admin.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; email: string; fte: number | null; active: number }[];
    expect(list).toHaveLength(3);
    expect(list.map((u) => u.id)).not.toContain(other.user.id);
    expect(list.find((u) => u.id === staff.user.id)).toMatchObject({ role_id: 30, active: 1, fte: null });
    expect(Object.keys(list[0]!)).toContain('bank_iban');
  });

  it('is closed to staff members (role 30)', async () => {
    const { base, staff } = await team();
    expect((await call('GET', base, staff.headers)).statusCode).toBe(403);
  });
});

describe('create user', () => {
  const body = (staffId: number, extra: object = {}) => ({
    name: 'Neue Kraft',
    email: `neu-${Math.random().toString(36).slice(2)}@x.example`,
    password: 'sicher1234',
    password2: 'sicher1234',
    staff_id: staffId,
    ...extra,
  });

  it('creates a staff member by default who can then log in; audited', async () => {
    const { base, admin, staffId } = await team();
    const payload = body(staffId);
    const res = await call('POST', base, admin.headers, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.userSaved);
    const created = await userRow(res.json().id);
    expect(created).toMatchObject({ role_id: 30, staff_id: staffId, active: 1, name: 'Neue Kraft' });
    const session = await login(t.app, payload.email, 'sicher1234');
    expect(session.bookly_staff_id).toBe(staffId);
    expect(await auditOf(created.id, 'create')).toHaveLength(1);
  });

  it('refuses a short password, different passwords and a taken email, creating nobody', async () => {
    const { base, admin, staffId, staff } = await team();
    const before = await userCount(staffId);
    const short = await call('POST', base, admin.headers, body(staffId, { password: 'kurz', password2: 'kurz' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(MSG.passwordTooShort);
    expect(short.json().details).toContainEqual({ field: 'password', message: MSG.passwordTooShort });
    const mismatch = await call('POST', base, admin.headers, body(staffId, { password2: 'anders1234' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain(MSG.passwordMismatch);
    const taken = await call('POST', base, admin.headers, body(staffId, { email: staff.user.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.emailTaken);
    expect(taken.json().details).toEqual([{ field: 'email', message: MSG.emailTaken }]);
    const noName = await call('POST', base, admin.headers, body(staffId, { name: '  ' }));
    expect(noName.statusCode).toBe(400);
    expect(await userCount(staffId)).toBe(before);
  });

  it('refuses roles outside 20/25/30 and lets a manager create no administrator', async () => {
    const { base, admin, manager, staffId } = await team();
    const before = await userCount(staffId);
    expect((await call('POST', base, admin.headers, body(staffId, { role_id: 10 }))).statusCode).toBe(400);
    const res = await call('POST', base, manager.headers, body(staffId, { role_id: ROLE.admin }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.roleNotAllowed);
    expect(res.json().details).toEqual([{ field: 'role_id', message: MSG.roleNotAllowed }]);
    expect(await userCount(staffId)).toBe(before);
    const ok = await call('POST', base, manager.headers, body(staffId, { role_id: ROLE.manager }));
    expect(ok.statusCode).toBe(200);
    expect((await userRow(ok.json().id)).role_id).toBe(ROLE.manager);
  });

  it('refuses a user for another centre, by path and by body', async () => {
    const { admin, staffId } = await team();
    const other = await centreWithUser(t.app, t.database.db, ROLE.admin);
    const byPath = await call('POST', `/api/staff/${other.centre.id}/users`, admin.headers, body(other.centre.id));
    expect(byPath.statusCode).toBe(403);
    const byBody = await call('POST', `/api/staff/${staffId}/users`, admin.headers, body(other.centre.id));
    expect(byBody.statusCode).toBe(403);
    expect(await userCount(other.centre.id)).toBe(1);
  });

  it('lets a platform admin create users for any centre', async () => {
    const { staffId } = await team();
    const platform = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const res = await call('POST', `/api/staff/${staffId}/users`, platform.headers, body(staffId, { role_id: 20 }));
    expect(res.statusCode).toBe(200);
    expect(await userRow(res.json().id)).toMatchObject({ staff_id: staffId, role_id: 20 });
  });
});

describe('roles', () => {
  it('changes a role with the spec message, audits it and takes effect at once', async () => {
    const { base, admin, staff } = await team();
    expect((await call('GET', base, staff.headers)).statusCode).toBe(403);
    const res = await call('POST', `${base}/${staff.user.id}`, admin.headers, { role_id: ROLE.manager });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.roleUpdated);
    expect(res.json().user.role_id).toBe(ROLE.manager);
    const [audit] = await auditOf(staff.user.id, 'role_change');
    expect(audit).toMatchObject({ user_id: admin.user.id, before: { role_id: 30 }, after: { role_id: 25 } });
    // The guard reads the role per request: the existing token now has the new rights.
    expect((await call('GET', base, staff.headers)).statusCode).toBe(200);
  });

  it('refuses a change of the own role and changes nothing', async () => {
    const { base, admin, manager } = await team();
    const res = await call('POST', `${base}/${admin.user.id}`, admin.headers, { role_id: ROLE.staff });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.ownRoleChange);
    expect((await userRow(admin.user.id)).role_id).toBe(ROLE.admin);
    const mine = await call('POST', `${base}/${manager.user.id}`, manager.headers, { role_id: ROLE.staff });
    expect(mine.statusCode).toBe(422);
    expect((await userRow(manager.user.id)).role_id).toBe(ROLE.manager);
    expect(await auditOf(admin.user.id, 'role_change')).toHaveLength(0);
  });

  it('lets a manager promote to 25 but never to 20, and never touch an administrator', async () => {
    const { base, admin, manager, staff } = await team();
    const toAdmin = await call('POST', `${base}/${staff.user.id}`, manager.headers, { role_id: ROLE.admin });
    expect(toAdmin.statusCode).toBe(403);
    expect(toAdmin.json().message).toBe(MSG.roleNotAllowed);
    expect((await userRow(staff.user.id)).role_id).toBe(ROLE.staff);
    const demote = await call('POST', `${base}/${admin.user.id}`, manager.headers, { role_id: ROLE.staff });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().message).toBe(MSG.userTooPowerful);
    const profile = await call('POST', `${base}/${admin.user.id}`, manager.headers, { city: 'Anderswo' });
    expect(profile.statusCode).toBe(403);
    expect(await userRow(admin.user.id)).toMatchObject({ role_id: ROLE.admin, city: null });
    const ok = await call('POST', `${base}/${staff.user.id}`, manager.headers, { role_id: ROLE.manager });
    expect(ok.statusCode).toBe(200);
  });

  it('lets an administrator grant 20 and refuses users of another centre', async () => {
    const { base, admin, staff } = await team();
    const other = await centreWithUser(t.app, t.database.db, ROLE.staff);
    const foreign = await call('POST', `${base}/${other.user.id}`, admin.headers, { role_id: ROLE.manager });
    expect(foreign.statusCode).toBe(404);
    const viaPath = await call('POST', `/api/staff/${other.centre.id}/users/${other.user.id}`, admin.headers, {
      role_id: ROLE.manager,
    });
    expect(viaPath.statusCode).toBe(403);
    expect((await userRow(other.user.id)).role_id).toBe(ROLE.staff);
    const ok = await call('POST', `${base}/${staff.user.id}`, admin.headers, { role_id: ROLE.admin });
    expect(ok.statusCode).toBe(200);
    expect((await userRow(staff.user.id)).role_id).toBe(ROLE.admin);
  });

  it('lets a platform admin change roles in any centre', async () => {
    const { base, staff } = await team();
    const platform = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const res = await call('POST', `${base}/${staff.user.id}`, platform.headers, { role_id: ROLE.admin });
    expect(res.statusCode).toBe(200);
    expect((await userRow(staff.user.id)).role_id).toBe(ROLE.admin);
  });
});

describe('profile and name', () => {
  it('changes only the non-empty fields, clears the ones sent as null and normalises the IBAN', async () => {
    const { base, admin, staff } = await team();
    await call('POST', `${base}/${staff.user.id}`, admin.headers, {
      city: 'Musterstadt',
      zip: '51466',
      mobile: '0171 1234567',
      fte: 1,
    });
    const res = await call('POST', `${base}/${staff.user.id}`, admin.headers, {
      city: '',
      mobile: null,
      street: 'Lindenallee 3',
      fte: 0.8,
      hourly_rate: 15.5,
      basic_salary: 2100,
      birthdate: '1990-02-03',
      bank_iban: 'de89 3704 0044 0532 0130 00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.profileSaved);
    expect(res.json().user).toMatchObject({
      city: 'Musterstadt',
      zip: '51466',
      street: 'Lindenallee 3',
      fte: 0.8,
      hourly_rate: 15.5,
      basic_salary: 2100,
      birthdate: '1990-02-03',
      bank_iban: 'DE89370400440532013000',
      role_id: 30,
    });
    expect(res.json().user.mobile).toBeNull();
    expect(await auditOf(staff.user.id, 'role_change')).toHaveLength(0);
    // An old IBAN and a number the user emptied are cleared; what is not sent stays.
    const cleared = await call('POST', `${base}/${staff.user.id}`, admin.headers, { bank_iban: null, fte: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user).toMatchObject({ bank_iban: null, fte: null, city: 'Musterstadt', zip: '51466' });
  });

  it('refuses an IBAN with a wrong checksum and an fte outside 0–1.5 or between steps', async () => {
    const { base, admin, staff } = await team();
    const iban = await call('POST', `${base}/${staff.user.id}`, admin.headers, {
      bank_iban: 'DE88370400440532013000',
      city: 'Nirgendwo',
    });
    expect(iban.statusCode).toBe(400);
    expect(iban.json().message).toContain(MSG.ibanInvalid);
    for (const fte of [0.25, 1.6, -0.1]) {
      const res = await call('POST', `${base}/${staff.user.id}`, admin.headers, { fte });
      expect(res.statusCode, String(fte)).toBe(400);
      expect(res.json().message).toContain(MSG.fteInvalid);
    }
    expect(await userRow(staff.user.id)).toMatchObject({ bank_iban: null, city: null, fte: null });
    const edge = await call('POST', `${base}/${staff.user.id}`, admin.headers, { fte: 1.5 });
    expect(edge.json().user.fte).toBe(1.5);
  });

  it('renames a user; a manager cannot rename an administrator', async () => {
    const { base, admin, manager, staff } = await team();
    const res = await call('PUT', `${base}/${staff.user.id}/name`, manager.headers, { newName: 'Kim Kraft' });
    expect(res.statusCode).toBe(200);
    expect((await userRow(staff.user.id)).name).toBe('Kim Kraft');
    const refused = await call('PUT', `${base}/${admin.user.id}/name`, manager.headers, { newName: 'X' });
    expect(refused.statusCode).toBe(403);
    expect((await userRow(admin.user.id)).name).not.toBe('X');
    expect((await call('PUT', `${base}/${staff.user.id}/name`, manager.headers, { newName: ' ' })).statusCode).toBe(
      400,
    );
  });
});

describe('block and activate', () => {
  it('blocking ends the open session at once and is audited; activating lets the user back in', async () => {
    const { base, admin, staff } = await team();
    expect((await call('GET', '/api/auth/session', staff.headers)).statusCode).toBe(200);
    const res = await call('POST', `${base}/${staff.user.id}/active`, admin.headers, { active: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ active: 0, message: MSG.disabled });
    const after = await call('GET', '/api/auth/session', staff.headers);
    expect(after.statusCode).toBe(401);
    expect((await userRow(staff.user.id)).active).toBe(0);
    await expect(login(t.app, staff.user.email)).rejects.toThrow(/403/);
    const [audit] = await auditOf(staff.user.id, 'block');
    expect(audit).toMatchObject({ user_id: admin.user.id, before: { active: 1 }, after: { active: 0 } });

    const on = await call('POST', `${base}/${staff.user.id}/active`, admin.headers, { active: 1 });
    expect(on.json().message).toBe(MSG.enabled);
    expect(await auditOf(staff.user.id, 'unblock')).toHaveLength(1);
    // The old token stays dead; a new login works.
    expect((await call('GET', '/api/auth/session', staff.headers)).statusCode).toBe(401);
    expect((await login(t.app, staff.user.email, PASSWORD)).id).toBe(staff.user.id);
  });

  it('refuses blocking oneself and changes nothing', async () => {
    const { base, admin } = await team();
    const res = await call('POST', `${base}/${admin.user.id}/active`, admin.headers, { active: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.selfBlock);
    expect((await userRow(admin.user.id)).active).toBe(1);
    expect((await call('GET', '/api/auth/session', admin.headers)).statusCode).toBe(200);
  });

  it('refuses a manager blocking an administrator, and a staff member blocking anyone', async () => {
    const { base, admin, manager, staff } = await team();
    const res = await call('POST', `${base}/${admin.user.id}/active`, manager.headers, { active: 0 });
    expect(res.statusCode).toBe(403);
    expect((await call('POST', `${base}/${manager.user.id}/active`, staff.headers, { active: 0 })).statusCode).toBe(
      403,
    );
    expect((await userRow(admin.user.id)).active).toBe(1);
    expect((await userRow(manager.user.id)).active).toBe(1);
    expect((await call('GET', '/api/auth/session', admin.headers)).statusCode).toBe(200);
    const ok = await call('POST', `${base}/${staff.user.id}/active`, manager.headers, { active: 0 });
    expect(ok.statusCode).toBe(200);
  });
});

describe('passwords', () => {
  const pw = (password: string, password2 = password) => ({ password, password2 });

  it('lets a staff member change the own password and keep the current session', async () => {
    const { base, staff } = await team();
    const res = await call('POST', `${base}/${staff.user.id}/password`, staff.headers, pw('neues-passwort'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.passwordSaved);
    expect((await call('GET', '/api/auth/session', staff.headers)).statusCode).toBe(200);
    await expect(login(t.app, staff.user.email, PASSWORD)).rejects.toThrow(/401/);
    expect((await login(t.app, staff.user.email, 'neues-passwort')).id).toBe(staff.user.id);
  });

  it('refuses a weak or mismatched password and keeps the old one', async () => {
    const { base, staff } = await team();
    const short = await call('POST', `${base}/${staff.user.id}/password`, staff.headers, pw('kurz'));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(MSG.passwordTooShort);
    expect(short.json().details).toContainEqual({ field: 'password', message: MSG.passwordTooShort });
    const mismatch = await call(
      'POST',
      `${base}/${staff.user.id}/password`,
      staff.headers,
      pw('lang-genug', 'anders!!'),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain(MSG.passwordMismatch);
    expect((await login(t.app, staff.user.email, PASSWORD)).id).toBe(staff.user.id);
  });

  it("refuses a staff member changing another user's password", async () => {
    const { base, staff, manager } = await team();
    const res = await call('POST', `${base}/${manager.user.id}/password`, staff.headers, pw('uebernahme1'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.foreignPassword);
    expect((await login(t.app, manager.user.email, PASSWORD)).id).toBe(manager.user.id);
  });

  it("lets a manager reset a staff member's password, ending their sessions, but not an administrator's", async () => {
    const { base, admin, manager, staff } = await team();
    // The staff member's session is in use (and so in the guard's cache) before the reset.
    expect((await call('GET', '/api/auth/session', staff.headers)).statusCode).toBe(200);
    const res = await call('POST', `${base}/${staff.user.id}/password`, manager.headers, pw('zurueckgesetzt'));
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/session', staff.headers)).statusCode).toBe(401);
    expect((await login(t.app, staff.user.email, 'zurueckgesetzt')).id).toBe(staff.user.id);
    const refused = await call('POST', `${base}/${admin.user.id}/password`, manager.headers, pw('uebernahme1'));
    expect(refused.statusCode).toBe(403);
    expect((await login(t.app, admin.user.email, PASSWORD)).id).toBe(admin.user.id);
    expect(await auditOf(staff.user.id, 'password_change')).toHaveLength(1);
  });

  it('refuses a password change in another centre', async () => {
    const { admin } = await team();
    const other = await centreWithUser(t.app, t.database.db, ROLE.staff);
    const res = await call(
      'POST',
      `/api/staff/${other.centre.id}/users/${other.user.id}/password`,
      admin.headers,
      pw('uebernahme1'),
    );
    expect(res.statusCode).toBe(403);
    const own = await call(
      'POST',
      `/api/staff/${admin.centre.id}/users/${other.user.id}/password`,
      admin.headers,
      pw('uebernahme1'),
    );
    expect(own.statusCode).toBe(404);
    expect((await login(t.app, other.user.email, PASSWORD)).id).toBe(other.user.id);
  });
});
