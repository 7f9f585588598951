import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functions, userFunctions } from '../../db/schema/functions';
import { centreWithUser, createUser, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Fn = { id: number; label: string; category: string; staff_id: number | null };
type UserFn = Fn & { user_function_id: number; function_id: number };

async function setup() {
  const manager = await centreWithUser(t.app, t.database.db, ROLE.manager);
  const staffId = manager.centre.id;
  const member = await createUser(t.database.db, { staff_id: staffId, role_id: ROLE.staff });
  const base = `/api/staff/${staffId}`;
  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `${base}${url}`, headers: manager.headers, payload });
  return { manager, staffId, member, base, req };
}

const functionExists = async (id: number) =>
  (await t.database.db.select().from(functions).where(eq(functions.id, id))).length === 1;

describe('functions', () => {
  it('offers the catalogue in all three categories plus the own custom functions, not foreign ones', async () => {
    const { req, staffId } = await setup();
    const other = await setup();
    const own = (
      await req('POST', '/functions', { label: 'Drive-in', category: 'function', staff_id: staffId })
    ).json();
    const foreign = (
      await other.req('POST', '/functions', { label: 'Fremd', category: 'skill', staff_id: other.staffId })
    ).json();
    const list = (await req('GET', '/functions')).json() as Fn[];
    expect(new Set(list.map((f) => f.category))).toEqual(new Set(['skill', 'function', 'language']));
    expect(list.filter((f) => f.staff_id === null).length).toBeGreaterThanOrEqual(10);
    expect(list).toContainEqual({ id: own.id, label: 'Drive-in', category: 'function', staff_id: staffId });
    expect(list.map((f) => f.id)).not.toContain(foreign.id);
  });

  it('requires label and category for a custom function', async () => {
    const { req, staffId } = await setup();
    const noLabel = await req('POST', '/functions', { label: ' ', category: 'skill', staff_id: staffId });
    expect(noLabel.statusCode).toBe(400);
    expect(noLabel.json().message).toContain(MSG.functionLabelRequired);
    const badCategory = await req('POST', '/functions', { label: 'X', category: 'hobby', staff_id: staffId });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().message).toContain(MSG.functionCategoryRequired);
    const none = (await req('GET', '/functions')).json() as Fn[];
    expect(none.filter((f) => f.staff_id !== null)).toEqual([]);
  });

  it('creates a custom function only for the own staff id', async () => {
    const { manager, staffId } = await setup();
    const other = await setup();
    const byBody = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/functions`,
      headers: manager.headers,
      payload: { label: 'Untergeschoben', category: 'skill', staff_id: other.staffId },
    });
    expect(byBody.statusCode).toBe(403);
    const byPath = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${other.staffId}/functions`,
      headers: manager.headers,
      payload: { label: 'Untergeschoben', category: 'skill', staff_id: other.staffId },
    });
    expect(byPath.statusCode).toBe(403);
    expect((await t.database.db.select().from(functions).where(eq(functions.label, 'Untergeschoben'))).length).toBe(0);
  });

  it('deletes only functions that carry the own staff id', async () => {
    const { req, staffId, member } = await setup();
    const other = await setup();
    const foreign = (
      await other.req('POST', '/functions', { label: 'Fremd', category: 'skill', staff_id: other.staffId })
    ).json();
    const refused = await req('DELETE', `/functions/${foreign.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.foreignFunction);
    expect(await functionExists(foreign.id)).toBe(true);

    const catalogueEntry = ((await req('GET', '/functions')).json() as Fn[]).find((f) => f.staff_id === null)!;
    expect((await req('DELETE', `/functions/${catalogueEntry.id}`)).statusCode).toBe(403);
    expect(await functionExists(catalogueEntry.id)).toBe(true);

    const own = (await req('POST', '/functions', { label: 'Eigen', category: 'language', staff_id: staffId })).json();
    await req('PATCH', `/users/${member.id}/functions`, { functions: [own.id] });
    const ok = await req('DELETE', `/functions/${own.id}`);
    expect(ok.statusCode).toBe(200);
    expect(await functionExists(own.id)).toBe(false);
    expect((await req('GET', `/users/${member.id}/functions`)).json()).toEqual([]);
  });

  it('assigns functions to a user and removes them again', async () => {
    const { req, member } = await setup();
    const [a, b] = ((await req('GET', '/functions')).json() as Fn[]).filter((f) => f.staff_id === null);
    const added = await req('PATCH', `/users/${member.id}/functions`, { functions: [a!.id, b!.id, a!.id] });
    expect(added.statusCode).toBe(200);
    const list = added.json() as UserFn[];
    expect(list.map((f) => f.function_id).sort()).toEqual([a!.id, b!.id].sort());
    expect(list[0]).toHaveProperty('user_function_id');
    // Adding again does not duplicate.
    await req('PATCH', `/users/${member.id}/functions`, { functions: [a!.id] });
    expect((await req('GET', `/users/${member.id}/functions`)).json()).toHaveLength(2);

    const removed = await req('DELETE', `/users/${member.id}/functions/${a!.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as UserFn[]).map((f) => f.function_id)).toEqual([b!.id]);
    expect((await req('DELETE', `/users/${member.id}/functions/${a!.id}`)).statusCode).toBe(404);
  });

  it("refuses assigning another centre's custom function and functions to another centre's user", async () => {
    const { req, member } = await setup();
    const other = await setup();
    const foreign = (
      await other.req('POST', '/functions', { label: 'Fremd', category: 'skill', staff_id: other.staffId })
    ).json();
    const res = await req('PATCH', `/users/${member.id}/functions`, { functions: [foreign.id] });
    expect(res.statusCode).toBe(404);
    const catalogue = ((await req('GET', '/functions')).json() as Fn[])[0]!;
    const foreignUser = await req('PATCH', `/users/${other.member.id}/functions`, { functions: [catalogue.id] });
    expect(foreignUser.statusCode).toBe(404);
    const rows = await t.database.db.select().from(userFunctions).where(eq(userFunctions.user_id, member.id));
    expect(rows).toEqual([]);
  });

  it('keeps staff members (role 30) out of function management', async () => {
    const { base, member } = await setup();
    const { token } = await login(t.app, member.email);
    const res = await t.app.inject({
      method: 'GET',
      url: `${base}/functions`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
  });
});
