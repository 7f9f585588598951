import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { services } from './schema/services';
import { selectList, shapedSql } from './shaped-sql';

interface Args {
  staffId: number;
  status?: string;
}

describe('shapedSql', () => {
  it('renders once per shape and fills the values of each call', () => {
    let builds = 0;
    const q = shapedSql<Args>({
      shape: (a) => (a.status ? 'status' : ''),
      values: (a) => ({ staffId: a.staffId, status: a.status ?? null }),
      build: (a) => {
        builds++;
        return sql`select id from t where staff_id = ${sql.placeholder('staffId')}${a.status ? sql` and status = ${sql.placeholder('status')}` : sql``}`;
      },
    });
    const first = q.query({ staffId: 1 });
    expect(first).toMatchObject({ sql: 'select id from t where staff_id = $1', params: [1] });
    expect(q.query({ staffId: 2 })).toEqual({ ...first, params: [2] });
    expect(builds).toBe(1);
    const other = q.query({ staffId: 3, status: 'approved' });
    expect(other).toMatchObject({
      sql: 'select id from t where staff_id = $1 and status = $2',
      params: [3, 'approved'],
    });
    expect(builds).toBe(2);
    // Each shape is prepared under its own name (node-postgres refuses one name for two texts).
    expect(first.name).toMatch(/^shaped_[0-9a-f]{20}$/);
    expect(other.name).not.toBe(first.name);
  });

  it('refuses a value written into the query, which would reach every later caller of the shape', () => {
    const q = shapedSql<Args>({
      shape: () => '',
      values: () => ({}),
      build: (a) => sql`select id from t where staff_id = ${a.staffId}`,
    });
    expect(() => q.query({ staffId: 1 })).toThrow(/not a placeholder/);
  });
});

describe('selectList', () => {
  it("names each column by its key, so the rows have the keys of Drizzle's select(columns)", () => {
    const q = shapedSql<{ id: number }>({
      shape: () => '',
      values: (a) => a,
      build: () =>
        sql`select ${selectList({ id: services.id, length: services.slot_length })} from ${services} where ${services.id} = ${sql.placeholder('id')}`,
    });
    expect(q.query({ id: 7 }).sql).toBe(
      'select "services"."id" as "id", "services"."slot_length" as "length" from "services" where "services"."id" = $1',
    );
  });
});
