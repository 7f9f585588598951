import {
  type CsvCustomer,
  customerKey,
  importAllowed,
  previewCsvFile,
  validateCustomerRows,
} from '@tz/shared/groups/customer-csv';
import {
  type addGroupAppointmentsBodySchema,
  GROUP_APPOINTMENTS_ALL_MAX,
  GROUP_MSG,
  type ImportCustomersBody,
} from '@tz/shared/groups/groups.contract';
import { MSG } from '@tz/shared/messages';
import { dateInZone } from '@tz/shared/rules/time-zone';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { now as clockNow } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { insertSideBySide } from '../appointments/appointment-edit.service';
import { writeAudit } from '../audit/audit.repository';
import { centreTimeZone } from '../schedule/schedule.repository';
import * as repo from './groups.repository';

async function institutionOrThrow(db: DbOrTx, staffId: number, institutionId: number) {
  const institution = await repo.findInstitution(db, staffId, institutionId);
  if (!institution) throw AppError.notFound(MSG.institutionNotFound, 'INSTITUTION_NOT_FOUND');
  return institution;
}

function checkStaffId(bodyStaffId: number, staffId: number) {
  if (bodyStaffId !== staffId) throw AppError.forbidden();
}

export const list = (deps: AppDeps, staffId: number) => repo.listInstitutions(deps.db, staffId);

/** Creates a group, or renames one when `id` is given; the name is unique per centre (case-insensitive). */
export async function upsert(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  body: { staff_id: number; name: string; id?: number },
) {
  checkStaffId(body.staff_id, staffId);
  try {
    return await deps.db.transaction(async (tx) => {
      if (await repo.findByName(tx, staffId, body.name, body.id)) {
        throw AppError.field(409, 'name', GROUP_MSG.nameTaken, 'NAME_TAKEN');
      }
      let institution: { id: number; name: string };
      let before: string | null = null;
      if (body.id === undefined) {
        institution = await repo.insertInstitution(tx, staffId, body.name);
      } else {
        before = (await institutionOrThrow(tx, staffId, body.id)).name;
        institution = (await repo.renameInstitution(tx, staffId, body.id, body.name))!;
      }
      await writeAudit(tx, {
        staff_id: staffId,
        user_id: auth.userId,
        entity: 'institution',
        entity_id: institution.id,
        action: body.id === undefined ? 'create' : 'rename',
        before: before === null ? null : { name: before },
        after: { name: institution.name },
      });
      return {
        error: null,
        message: body.id === undefined ? MSG.groupCreated : GROUP_MSG.renamed,
        institution,
      };
    });
  } catch (err) {
    // Two requests with the same new name at once: the unique index refuses the second.
    if (
      (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (err as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      throw AppError.field(409, 'name', GROUP_MSG.nameTaken, 'NAME_TAKEN');
    }
    throw err;
  }
}

/** The group with one page of its members and how many it has. */
export async function withCustomers(
  deps: AppDeps,
  staffId: number,
  institutionId: number,
  page: { page: number; per_page: number },
) {
  const institution = await institutionOrThrow(deps.db, staffId, institutionId);
  const [aoCustomers, iTotalCustomers] = await Promise.all([
    repo.members(deps.db, staffId, institutionId, { limit: page.per_page, offset: (page.page - 1) * page.per_page }),
    repo.memberCount(deps.db, staffId, institutionId),
  ]);
  return { institution, aoCustomers, iTotalCustomers };
}

export async function appointments(deps: AppDeps, staffId: number, institutionId: number) {
  await institutionOrThrow(deps.db, staffId, institutionId);
  const timeZone = await centreTimeZone(deps.db, staffId);
  return repo.groupAppointments(deps.db, staffId, institutionId, timeZone);
}

async function memberKeys(db: DbOrTx, staffId: number, institutionId: number) {
  const rows = await repo.memberKeysOf(db, staffId, institutionId);
  return new Set(rows.map(customerKey));
}

async function todayOf(db: DbOrTx, staffId: number, now: Date) {
  return dateInZone(now, await centreTimeZone(db, staffId));
}

/** The upload: checks the file and answers the preview; stores nothing. */
export async function preview(
  deps: AppDeps,
  staffId: number,
  institutionId: number,
  bytes: Uint8Array,
  now: Date = clockNow(),
) {
  await institutionOrThrow(deps.db, staffId, institutionId);
  const { preview: oImportInfo, customers } = previewCsvFile(bytes, {
    today: await todayOf(deps.db, staffId, now),
    memberKeys: await memberKeys(deps.db, staffId, institutionId),
  });
  return { oImportInfo, iCount: importAllowed(oImportInfo) ? customers.length : 0 };
}

/**
 * The final import: validates the rows again exactly as the preview did,
 * refuses with the preview when anything is wrong, else creates or links all
 * customers in one transaction. An existing customer of the centre with the
 * same first and last name (case-insensitive) and birthday is linked, not
 * created again.
 */
export async function importRows(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  institutionId: number,
  body: ImportCustomersBody,
  now: Date = clockNow(),
) {
  checkStaffId(body.staff_id, staffId);
  if (body.institution_id !== institutionId) throw AppError.badRequest(MSG.institutionNotFound);
  return deps.db.transaction(async (tx) => {
    if (!(await repo.lockInstitution(tx, staffId, institutionId))) {
      throw AppError.notFound(MSG.institutionNotFound, 'INSTITUTION_NOT_FOUND');
    }
    const { preview: p, customers } = validateCustomerRows(body.aHeader, body.aaData, {
      today: await todayOf(tx, staffId, now),
      memberKeys: await memberKeys(tx, staffId, institutionId),
    });
    if (!importAllowed(p)) throw AppError.rule(GROUP_MSG.importRefused, 'IMPORT_HAS_ERRORS', p);
    const ids = await customerIds(tx, staffId, customers, now);
    await repo.addMembers(tx, staffId, institutionId, ids.all);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'institution',
      entity_id: institutionId,
      action: 'import',
      after: { rows: customers.length, created: ids.created, linked: ids.all.length - ids.created },
    });
    return { iCountImported: customers.length };
  });
}

/** The customer id of each row: an existing customer (name + birthday) or a new one. */
async function customerIds(tx: DbOrTx, staffId: number, rows: CsvCustomer[], now: Date) {
  const candidates = await repo.customersBornOn(tx, staffId, [...new Set(rows.map((r) => r.birthday))]);
  const existing = new Map<string, number>();
  for (const c of candidates) {
    const key = customerKey(c);
    if (!existing.has(key)) existing.set(key, c.id);
  }
  const fresh = rows.filter((r) => !existing.has(customerKey(r)));
  const created = await repo.insertCustomers(tx, staffId, fresh, now);
  return {
    all: [...rows.filter((r) => existing.has(customerKey(r))).map((r) => existing.get(customerKey(r))!), ...created],
    created: created.length,
  };
}

export async function removeCustomer(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  institutionId: number,
  customerId: number,
) {
  return deps.db.transaction(async (tx) => {
    await institutionOrThrow(tx, staffId, institutionId);
    if ((await repo.removeMember(tx, staffId, institutionId, customerId)) === 0) {
      throw AppError.notFound(GROUP_MSG.notMember, 'NOT_MEMBER');
    }
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'institution',
      entity_id: institutionId,
      action: 'remove_customer',
      before: { customer_id: customerId },
      after: null,
    });
    return { error: null, message: MSG.removedFromGroup };
  });
}

export async function institutionsOfCustomer(deps: AppDeps, staffId: number, customerId: number) {
  if (!(await repo.customerExists(deps.db, staffId, customerId))) throw AppError.notFound(MSG.customerNotOfCentre);
  return { institution_ids: await repo.institutionIdsOfCustomer(deps.db, staffId, customerId) };
}

/** Replaces the groups of a customer; every group must be the centre's. */
export async function setInstitutionsOfCustomer(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  customerId: number,
  body: { institution_ids: number[]; customer_id: number },
) {
  if (body.customer_id !== customerId) throw AppError.badRequest(MSG.customerNotOfCentre);
  const wanted = [...new Set(body.institution_ids)].sort((a, b) => a - b);
  return deps.db.transaction(async (tx) => {
    if (!(await repo.customerExists(tx, staffId, customerId))) throw AppError.notFound(MSG.customerNotOfCentre);
    if ((await repo.ownInstitutionIds(tx, staffId, wanted)).length !== wanted.length) {
      throw AppError.notFound(MSG.institutionNotFound, 'INSTITUTION_NOT_FOUND');
    }
    const before = await repo.institutionIdsOfCustomer(tx, staffId, customerId);
    await repo.replaceInstitutionsOfCustomer(tx, staffId, customerId, wanted);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'customer',
      entity_id: customerId,
      action: 'institutions_replace',
      before: { institution_ids: before },
      after: { institution_ids: wanted },
    });
    return { institution_ids: wanted };
  });
}

/**
 * One appointment per selected member at the chosen time, all or none: the
 * customers must be members of the group, the service the centre's and
 * active, and the time bookable with a place for each (the appointments'
 * own booking rule; `overbook` as on a single appointment). Each new
 * appointment is assigned to the group.
 */
export async function addAppointments(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  institutionId: number,
  body: z.output<typeof addGroupAppointmentsBodySchema>,
  now: Date = clockNow(),
) {
  checkStaffId(body.staff_id, staffId);
  if (body.institution_id !== institutionId) throw AppError.badRequest(MSG.institutionNotFound);
  const [date, time] = body.sSelectedDateTime.split(' ') as [string, string];
  return deps.db.transaction(async (tx) => {
    await institutionOrThrow(tx, staffId, institutionId);
    const customerIds = await chosenMembers(tx, staffId, institutionId, body);
    const ids = await insertSideBySide(
      tx,
      auth,
      staffId,
      customerIds,
      { service_id: body.service_id, date, time, overbook: body.overbook },
      now,
    );
    await repo.linkAppointments(tx, staffId, institutionId, ids);
    return { error: null, message: MSG.appointmentsSaved, ids };
  });
}

/**
 * The members to book: every member but the excepted ones ('Alle auswählen',
 * read here so the page never sends 10,000 ids), or the chosen ones, each of
 * whom must be a member.
 */
async function chosenMembers(
  tx: DbOrTx,
  staffId: number,
  institutionId: number,
  body: z.output<typeof addGroupAppointmentsBodySchema>,
) {
  if (body.all_members) {
    const except = new Set(body.aExceptCustomer);
    const ids = (await repo.allMemberIds(tx, staffId, institutionId)).filter((id) => !except.has(id));
    if (ids.length === 0) throw AppError.field(422, 'aSelectedCustomer', GROUP_MSG.noCustomers, 'NO_CUSTOMERS');
    if (ids.length > GROUP_APPOINTMENTS_ALL_MAX) {
      throw AppError.field(422, 'aSelectedCustomer', GROUP_MSG.tooManyMembers, 'TOO_MANY_CUSTOMERS');
    }
    return ids;
  }
  const members = await repo.memberIds(tx, staffId, institutionId, body.aSelectedCustomer);
  if (members.length !== body.aSelectedCustomer.length) {
    throw AppError.field(422, 'aSelectedCustomer', GROUP_MSG.someNotMembers, 'NOT_MEMBER');
  }
  return body.aSelectedCustomer;
}
