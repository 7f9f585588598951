import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { centres } from '../../db/schema/centres';
import { platformSettings, recoveryCodes, userTotp } from '../../db/schema/security';

export interface SealedSecret {
  secret_iv: string;
  secret_tag: string;
  secret_ciphertext: string;
}

export async function findTotp(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.user_id, userId));
  return row;
}

/** Stores a new secret awaiting its first code; never replaces a confirmed one. Returns whether it stored. */
export async function savePendingTotp(db: DbOrTx, userId: number, staffId: number, sealed: SealedSecret) {
  const rows = await db
    .insert(userTotp)
    .values({ user_id: userId, staff_id: staffId, ...sealed, created_at: now() })
    .onConflictDoUpdate({
      target: userTotp.user_id,
      set: { ...sealed, confirmed_at: null, last_step: null, created_at: now() },
      setWhere: isNull(userTotp.confirmed_at),
    })
    .returning({ user_id: userTotp.user_id });
  return rows.length > 0;
}

/** Turns the pending secret on with the step of its first code; false when it was confirmed meanwhile. */
export async function confirmTotp(db: DbOrTx, userId: number, step: number) {
  const rows = await db
    .update(userTotp)
    .set({ confirmed_at: now(), last_step: step })
    .where(and(eq(userTotp.user_id, userId), isNull(userTotp.confirmed_at)))
    .returning({ user_id: userTotp.user_id });
  return rows.length > 0;
}

/**
 * Accepts a code's step only when it is later than every step accepted before, in one statement, so two
 * requests with the same code cannot both pass.
 */
export async function acceptStep(db: DbOrTx, userId: number, step: number) {
  const rows = await db
    .update(userTotp)
    .set({ last_step: step })
    .where(
      and(
        eq(userTotp.user_id, userId),
        isNotNull(userTotp.confirmed_at),
        or(isNull(userTotp.last_step), lt(userTotp.last_step, step)),
      ),
    )
    .returning({ user_id: userTotp.user_id });
  return rows.length > 0;
}

/** Removes the secret (pending or confirmed) and every recovery code; returns whether one was confirmed. */
export async function deleteTotp(db: DbOrTx, userId: number) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  const rows = await db
    .delete(userTotp)
    .where(eq(userTotp.user_id, userId))
    .returning({ confirmed_at: userTotp.confirmed_at });
  return rows.some((r) => r.confirmed_at !== null);
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, staffId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await db
    .insert(recoveryCodes)
    .values(hashes.map((code_hash) => ({ user_id: userId, staff_id: staffId, code_hash, created_at: now() })));
}

/** Uses a recovery code up: true only for the one request that finds it unused. */
export async function useRecoveryCode(db: DbOrTx, userId: number, hash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ used_at: now() })
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, hash), isNull(recoveryCodes.used_at)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodeWasUsed(db: DbOrTx, userId: number, hash: string) {
  const [row] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, hash), isNotNull(recoveryCodes.used_at)));
  return row !== undefined;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return row?.n ?? 0;
}

/** Users of a centre whose second factor is on (never the secret). */
export async function listEnabledUsers(db: DbOrTx, staffId: number) {
  return db
    .select({
      user_id: userTotp.user_id,
      enabled_at: sql<string>`to_char(${userTotp.confirmed_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(userTotp)
    .where(and(eq(userTotp.staff_id, staffId), isNotNull(userTotp.confirmed_at)))
    .orderBy(userTotp.user_id);
}

export async function centreOf(db: DbOrTx, staffId: number) {
  const [row] = await db
    .select({
      full_name: centres.full_name,
      time_zone: centres.time_zone,
      two_factor_required: centres.two_factor_required,
    })
    .from(centres)
    .where(eq(centres.id, staffId));
  return row;
}

export async function setCentreRequirement(db: DbOrTx, staffId: number, required: boolean) {
  await db.update(centres).set({ two_factor_required: required }).where(eq(centres.id, staffId));
}

/** From when platform admins must use the second factor; undefined when the platform never set it. */
export async function platformAdminTotpFrom(db: DbOrTx): Promise<Date | undefined> {
  const [row] = await db
    .select({ from: platformSettings.admin_totp_required_from })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return row?.from;
}

export async function setPlatformAdminTotpFrom(db: DbOrTx, from: Date, by: number | null) {
  const set = { admin_totp_required_from: from, updated_at: now(), updated_by: by };
  await db
    .insert(platformSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: platformSettings.id, set });
}

/** The first start's default (main.ts): the platform's own date stays when there is one. */
export async function ensurePlatformAdminTotpFrom(db: DbOrTx, from: Date) {
  await db
    .insert(platformSettings)
    .values({ id: 1, admin_totp_required_from: from, updated_at: now() })
    .onConflictDoNothing();
}
