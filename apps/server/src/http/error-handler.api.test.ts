import { ROLE } from '@tz/shared/constants';
import { fieldErrorsOf } from '@tz/shared/http/field-errors';
import { MSG } from '@tz/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { centreWithUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Validation refusals of every registered endpoint with a body: the path of
 * each field in details, German texts only in the message (issue 13, B5).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof centreWithUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
});
afterAll(() => t.close());

const urlFor = (path: string, staffId: number) =>
  path.replace(/:staffId/g, String(staffId)).replace(/:[A-Za-z_]+/g, '1');

describe('validation refusals', () => {
  it('name every field by its path in details and never put a path into the message', async () => {
    let nested = 0;
    let checked = 0;
    for (const e of t.deps.endpoints) {
      const shape = (e.body as z.ZodObject | undefined)?.shape;
      if (!shape) continue;
      // every field wrong: arrays get a blank item (nested paths), everything else a list
      const payload = Object.fromEntries(Object.keys(shape).map((k) => [k, [{}]]));
      const res = await t.app.inject({
        method: e.method,
        url: urlFor(e.path, admin.centre.id),
        headers: admin.headers,
        payload,
      });
      if (res.statusCode !== 400 || res.json().error !== 'VALIDATION') continue;
      checked++;
      const body = res.json();
      const details = fieldErrorsOf(body.details);
      expect(details.length, `${e.method} ${e.path}`).toBe(body.details.length);
      expect(body.message.startsWith(MSG.invalidInput), `${e.method} ${e.path}`).toBe(true);
      for (const d of details) {
        if (d.field.includes('.')) nested++;
        if (/[._]/.test(d.field)) expect(body.message, `${e.method} ${e.path}: ${d.field}`).not.toContain(d.field);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(nested).toBeGreaterThan(3);
  });
});
