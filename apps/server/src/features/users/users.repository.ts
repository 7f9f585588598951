import type { User } from '@tz/shared/users/users.contract';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { german } from '../../db/collation';
import { centres } from '../../db/schema/centres';
import { functions, userFunctions } from '../../db/schema/functions';
import { sessions, users } from '../../db/schema/users';

const num = (v: string | null) => (v === null ? null : Number(v));

function toUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role_id: row.role_id,
    active: row.active,
    staff_id: row.staff_id,
    birthdate: row.birthdate,
    zip: row.zip,
    city: row.city,
    street: row.street,
    mobile: row.mobile,
    phone: row.phone,
    fte: num(row.fte),
    hourly_rate: num(row.hourly_rate),
    basic_salary: num(row.basic_salary),
    bank_institution: row.bank_institution,
    bank_swift: row.bank_swift,
    bank_iban: row.bank_iban,
  };
}

export async function listUsers(db: DbOrTx, staffId: number): Promise<User[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.staff_id, staffId))
    .orderBy(asc(german(users.name)), asc(users.id));
  return rows.map(toUser);
}

/** A user of one centre; undefined when the id belongs to another centre. */
export async function findUser(db: DbOrTx, staffId: number, userId: number): Promise<User | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.staff_id, staffId)))
    .limit(1);
  return rows[0] ? toUser(rows[0]) : undefined;
}

export async function emailTaken(db: DbOrTx, email: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

export async function centreExists(db: DbOrTx, staffId: number) {
  const rows = await db.select({ id: centres.id }).from(centres).where(eq(centres.id, staffId)).limit(1);
  return rows.length > 0;
}

export async function insertUser(
  db: DbOrTx,
  u: { staff_id: number; name: string; email: string; password_hash: string; role_id: number },
) {
  const [row] = await db.insert(users).values(u).returning({ id: users.id });
  return row!.id;
}

export type UserPatch = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'name'
    | 'role_id'
    | 'active'
    | 'password_hash'
    | 'birthdate'
    | 'zip'
    | 'city'
    | 'street'
    | 'mobile'
    | 'phone'
    | 'fte'
    | 'hourly_rate'
    | 'basic_salary'
    | 'bank_institution'
    | 'bank_swift'
    | 'bank_iban'
  >
>;

export async function updateUser(db: DbOrTx, staffId: number, userId: number, patch: UserPatch) {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(users)
    .set(patch)
    .where(and(eq(users.id, userId), eq(users.staff_id, staffId)));
}

/** Ends every open session of a user, except optionally the caller's own. */
export async function revokeSessions(db: DbOrTx, userId: number, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revoked_at: now() })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

// Functions

const functionColumns = {
  id: functions.id,
  label: functions.label,
  category: functions.category,
  staff_id: functions.staff_id,
};

/** The catalogue plus the centre's own custom functions. */
export async function listFunctions(db: DbOrTx, staffId: number) {
  return db
    .select(functionColumns)
    .from(functions)
    .where(or(isNull(functions.staff_id), eq(functions.staff_id, staffId)))
    .orderBy(asc(functions.category), asc(functions.label), asc(functions.id));
}

export async function findFunction(db: DbOrTx, functionId: number) {
  const rows = await db.select(functionColumns).from(functions).where(eq(functions.id, functionId)).limit(1);
  return rows[0];
}

/** How many of the ids are usable by the centre (catalogue or its own). */
export async function countUsableFunctions(db: DbOrTx, staffId: number, ids: number[]) {
  const rows = await db
    .select({ id: functions.id })
    .from(functions)
    .where(and(inArray(functions.id, ids), or(isNull(functions.staff_id), eq(functions.staff_id, staffId))));
  return rows.length;
}

export async function insertFunction(db: DbOrTx, f: { label: string; category: string; staff_id: number }) {
  const [row] = await db.insert(functions).values(f).returning(functionColumns);
  return row!;
}

export async function deleteFunction(db: DbOrTx, staffId: number, functionId: number) {
  await db.delete(functions).where(and(eq(functions.id, functionId), eq(functions.staff_id, staffId)));
}

export async function listUserFunctions(db: DbOrTx, staffId: number, userId: number) {
  return db
    .select({ ...functionColumns, user_function_id: userFunctions.id, function_id: userFunctions.function_id })
    .from(userFunctions)
    .innerJoin(functions, eq(functions.id, userFunctions.function_id))
    .where(and(eq(userFunctions.user_id, userId), eq(userFunctions.staff_id, staffId)))
    .orderBy(asc(functions.category), asc(functions.label));
}

export async function addUserFunctions(db: DbOrTx, staffId: number, userId: number, functionIds: number[]) {
  await db
    .insert(userFunctions)
    .values(functionIds.map((function_id) => ({ user_id: userId, function_id, staff_id: staffId })))
    .onConflictDoNothing();
}

export async function removeUserFunction(db: DbOrTx, staffId: number, userId: number, functionId: number) {
  const rows = await db
    .delete(userFunctions)
    .where(
      and(
        eq(userFunctions.user_id, userId),
        eq(userFunctions.staff_id, staffId),
        eq(userFunctions.function_id, functionId),
      ),
    )
    .returning({ id: userFunctions.id });
  return rows.length;
}
