import { isPlatformAdmin, ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { normalizeIban } from '@tz/shared/rules/iban';
import {
  type createCustomFunction,
  type createUserBodySchema,
  type FunctionEntry,
  PROFILE_FIELDS,
  type UpdatePasswordInput,
  type User,
  type updateUserBodySchema,
} from '@tz/shared/users/users.contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { hashPassword } from '../../auth/passwords';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import * as repo from './users.repository';

/**
 * Who may change whom. Platform admins act for any centre. Inside a centre a
 * user may only touch users at most as powerful as themselves, so a manager
 * (25) cannot change, block or reset the password of an administrator (20).
 */
function assertMayManage(auth: AuthContext, target: User) {
  if (isPlatformAdmin(auth.roleId)) return;
  if (target.role_id < auth.roleId) throw AppError.forbidden(MSG.userTooPowerful, 'USER_TOO_POWERFUL');
}

/** A centre user may grant at most their own role (admin: 20/25/30, manager: 25/30). */
function assertMayGrant(auth: AuthContext, roleId: number) {
  if (isPlatformAdmin(auth.roleId)) return;
  if (roleId < auth.roleId) throw AppError.field(403, 'role_id', MSG.roleNotAllowed, 'ROLE_NOT_ALLOWED');
}

async function loadTarget(db: DbOrTx, staffId: number, userId: number) {
  const target = await repo.findUser(db, staffId, userId);
  if (!target) throw AppError.notFound(MSG.userNotFound, 'USER_NOT_FOUND');
  return target;
}

/** A body user_id (the spec's payload field) must name the user of the path. */
function assertSameUser(bodyUserId: number | undefined, userId: number) {
  if (bodyUserId !== undefined && bodyUserId !== userId) throw AppError.badRequest(MSG.invalidInput);
}

/** A body staff_id must name the centre of the path (the guard checks this too, except for platform admins). */
function assertSameCentre(bodyStaffId: number | undefined, staffId: number) {
  if (bodyStaffId !== undefined && bodyStaffId !== staffId) throw AppError.forbidden();
}

export const listUsers = (deps: AppDeps, staffId: number) => repo.listUsers(deps.db, staffId);

export async function createUser(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  input: z.output<typeof createUserBodySchema>,
) {
  assertSameCentre(input.staff_id, staffId);
  assertMayGrant(auth, input.role_id);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    if (await repo.emailTaken(tx, input.email)) throw AppError.field(409, 'email', MSG.emailTaken, 'EMAIL_TAKEN');
    if (!(await repo.centreExists(tx, staffId))) throw AppError.notFound();
    const id = await repo.insertUser(tx, {
      staff_id: staffId,
      name: input.name,
      email: input.email,
      password_hash: passwordHash,
      role_id: input.role_id,
    });
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'user',
      entity_id: id,
      action: 'create',
      after: { role_id: input.role_id, email: input.email, active: 1 },
    });
    return { id, message: MSG.userSaved };
  });
}

/** One user's change in a transaction; that user's cached sessions are dropped once it is committed. */
async function changeUser<T>(deps: AppDeps, userId: number, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction(change);
  deps.sessions.forgetUser(userId);
  return result;
}

export async function updateName(deps: AppDeps, auth: AuthContext, staffId: number, userId: number, newName: string) {
  return changeUser(deps, userId, async (tx) => {
    assertMayManage(auth, await loadTarget(tx, staffId, userId));
    await repo.updateUser(tx, staffId, userId, { name: newName });
    return { name: newName, message: MSG.nameSaved };
  });
}

/**
 * Profile fields with a value; a missing field and '' mean "not sent" (core-workflow §5), null clears
 * the field (the form sends null only for a field the user emptied, e.g. an old IBAN).
 */
function profilePatch(input: z.output<typeof updateUserBodySchema>): repo.UserPatch {
  const patch: Record<string, string | null> = {};
  for (const field of PROFILE_FIELDS) {
    const value = input[field];
    if (value === undefined || value === '') continue;
    if (value === null) patch[field] = null;
    else patch[field] = field === 'bank_iban' ? normalizeIban(String(value)) : String(value);
  }
  return patch;
}

export async function updateUser(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  userId: number,
  input: z.output<typeof updateUserBodySchema>,
) {
  assertSameUser(input.user_id, userId);
  assertSameCentre(input.staff_id, staffId);
  return changeUser(deps, userId, async (tx) => {
    const target = await loadTarget(tx, staffId, userId);
    assertMayManage(auth, target);
    const patch = profilePatch(input);
    const roleChanges = input.role_id !== undefined && input.role_id !== target.role_id;
    if (roleChanges) {
      if (target.id === auth.userId) throw AppError.rule(MSG.ownRoleChange, 'OWN_ROLE');
      assertMayGrant(auth, input.role_id!);
      patch.role_id = input.role_id;
      await writeAudit(tx, {
        staff_id: staffId,
        user_id: auth.userId,
        entity: 'user',
        entity_id: userId,
        action: 'role_change',
        before: { role_id: target.role_id },
        after: { role_id: input.role_id },
      });
    }
    await repo.updateUser(tx, staffId, userId, patch);
    const user = await loadTarget(tx, staffId, userId);
    return { user, message: roleChanges ? MSG.roleUpdated : MSG.profileSaved };
  });
}

export async function setActive(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  userId: number,
  input: { user_id?: number; staff_id?: number; active: 0 | 1 },
) {
  assertSameUser(input.user_id, userId);
  assertSameCentre(input.staff_id, staffId);
  if (userId === auth.userId) throw AppError.rule(MSG.selfBlock, 'SELF_BLOCK');
  return changeUser(deps, userId, async (tx) => {
    const target = await loadTarget(tx, staffId, userId);
    assertMayManage(auth, target);
    if (target.active !== input.active) {
      await repo.updateUser(tx, staffId, userId, { active: input.active });
      await writeAudit(tx, {
        staff_id: staffId,
        user_id: auth.userId,
        entity: 'user',
        entity_id: userId,
        action: input.active ? 'unblock' : 'block',
        before: { active: target.active },
        after: { active: input.active },
      });
    }
    // Blocking ends every open session at once; unblocking starts from a clean slate.
    await repo.revokeSessions(tx, userId);
    return { active: input.active, message: input.active ? MSG.enabled : MSG.disabled };
  });
}

export async function updatePassword(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  userId: number,
  input: UpdatePasswordInput,
) {
  assertSameUser(input.user_id, userId);
  assertSameCentre(input.staff_id, staffId);
  const passwordHash = await hashPassword(input.password);
  return changeUser(deps, userId, async (tx) => {
    const target = await loadTarget(tx, staffId, userId);
    const own = target.id === auth.userId;
    if (!own) {
      if (auth.roleId > ROLE.manager) throw AppError.forbidden(MSG.foreignPassword, 'FOREIGN_PASSWORD');
      assertMayManage(auth, target);
    }
    await repo.updateUser(tx, staffId, userId, { password_hash: passwordHash });
    // Other sessions of that user end: whoever knew the old password is logged out.
    await repo.revokeSessions(tx, userId, own ? auth.sessionId : undefined);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'user',
      entity_id: userId,
      action: 'password_change',
    });
    return { message: MSG.passwordSaved };
  });
}

// Functions (skills) of users

const asFunction = <T extends { category: string }>(f: T) => f as T & { category: FunctionEntry['category'] };

export async function listFunctions(deps: AppDeps, staffId: number) {
  return (await repo.listFunctions(deps.db, staffId)).map(asFunction);
}

export async function listUserFunctions(deps: AppDeps, staffId: number, userId: number) {
  await loadTarget(deps.db, staffId, userId);
  return (await repo.listUserFunctions(deps.db, staffId, userId)).map(asFunction);
}

export async function addUserFunctions(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  userId: number,
  functionIds: number[],
) {
  const ids = [...new Set(functionIds)];
  return deps.db.transaction(async (tx) => {
    assertMayManage(auth, await loadTarget(tx, staffId, userId));
    // Only the catalogue and the centre's own functions; another centre's are "not found".
    if ((await repo.countUsableFunctions(tx, staffId, ids)) !== ids.length) {
      throw AppError.notFound(MSG.functionNotFound, 'FUNCTION_NOT_FOUND');
    }
    await repo.addUserFunctions(tx, staffId, userId, ids);
    return (await repo.listUserFunctions(tx, staffId, userId)).map(asFunction);
  });
}

export async function removeUserFunction(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  userId: number,
  functionId: number,
) {
  return deps.db.transaction(async (tx) => {
    assertMayManage(auth, await loadTarget(tx, staffId, userId));
    if ((await repo.removeUserFunction(tx, staffId, userId, functionId)) === 0) {
      throw AppError.notFound(MSG.functionNotFound, 'FUNCTION_NOT_FOUND');
    }
    return (await repo.listUserFunctions(tx, staffId, userId)).map(asFunction);
  });
}

export async function createFunction(
  deps: AppDeps,
  staffId: number,
  input: z.output<NonNullable<(typeof createCustomFunction)['body']>>,
) {
  // Custom functions belong to exactly the centre named in the body and the path.
  assertSameCentre(input.staff_id, staffId);
  return asFunction(
    await repo.insertFunction(deps.db, { label: input.label, category: input.category, staff_id: staffId }),
  );
}

export async function deleteFunction(deps: AppDeps, staffId: number, functionId: number) {
  const f = await repo.findFunction(deps.db, functionId);
  if (!f) throw AppError.notFound(MSG.functionNotFound, 'FUNCTION_NOT_FOUND');
  if (f.staff_id !== staffId) throw AppError.forbidden(MSG.foreignFunction, 'FOREIGN_FUNCTION');
  await repo.deleteFunction(deps.db, staffId, functionId);
  return { message: MSG.functionDeleted };
}
