import { type AccountStatus, type BookingStatus, isDeactivated } from '@tz/shared/account/account.contract';
import { PAUSE_SPECIAL_DAYS_WINDOW_DAYS } from '@tz/shared/constants';
import { MSG, suspensionSaved } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { dateInZone } from '@tz/shared/rules/time-zone';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import * as repo from './account.repository';

/** yyyy-MM-dd of now in the given time zone: the centre's time zone decides "today". */
export const todayIn = (timeZone: string, at = now()) => dateInZone(at, timeZone);

async function loadCentre(db: DbOrTx, staffId: number) {
  const centre = await repo.findCentreStatus(db, staffId);
  if (!centre) throw AppError.notFound();
  return centre;
}

function view(c: { status: string; pause_date: string | null; time_zone: string }): AccountStatus {
  const status = (c.status === 'private' ? 'private' : 'publish') as BookingStatus;
  const today = todayIn(c.time_zone);
  return { status, pause_date: c.pause_date, deactivated: isDeactivated(status, c.pause_date, today), today };
}

export async function getStatus(deps: AppDeps, staffId: number) {
  return view(await loadCentre(deps.db, staffId));
}

export async function getSuspension(deps: AppDeps, staffId: number) {
  return { pause_date: (await loadCentre(deps.db, staffId)).pause_date };
}

/** On/off of the booking page; setting the status always clears a scheduled pause. */
export async function setStatus(deps: AppDeps, auth: AuthContext, staffId: number, status: BookingStatus) {
  return deps.db.transaction(async (tx) => {
    const before = await loadCentre(tx, staffId);
    await repo.updateCentreStatus(tx, staffId, { status, pause_date: null });
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'centre',
      entity_id: staffId,
      action: 'booking_status',
      before: { status: before.status, pause_date: before.pause_date },
      after: { status, pause_date: null },
    });
    return { ...view({ ...before, status, pause_date: null }), message: MSG.changeSaved };
  });
}

/**
 * Schedules a pause from `date` (today or later). Special days within the 31
 * days from that date (date <= day < date + 31) are no longer relevant and
 * are deleted; the answer says how many.
 */
export async function suspend(deps: AppDeps, auth: AuthContext, staffId: number, date: string) {
  return deps.db.transaction(async (tx) => {
    const before = await loadCentre(tx, staffId);
    if (date < todayIn(before.time_zone)) throw AppError.field(422, 'date', MSG.pauseDateInPast, 'PAUSE_DATE_IN_PAST');
    await repo.updateCentreStatus(tx, staffId, { pause_date: date });
    const deleted = await repo.deleteSpecialDaysFrom(tx, staffId, date, PAUSE_SPECIAL_DAYS_WINDOW_DAYS);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'centre',
      entity_id: staffId,
      action: 'suspend',
      before: { pause_date: before.pause_date },
      after: { pause_date: date, deleted_special_days: deleted },
    });
    return { pause_date: date, deleted_special_days: deleted, message: suspensionSaved(germanDate(date), deleted) };
  });
}

export async function removeSuspension(deps: AppDeps, auth: AuthContext, staffId: number) {
  return deps.db.transaction(async (tx) => {
    const before = await loadCentre(tx, staffId);
    if (!before.pause_date) throw AppError.rule(MSG.noSuspension, 'NO_SUSPENSION');
    await repo.updateCentreStatus(tx, staffId, { pause_date: null });
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'centre',
      entity_id: staffId,
      action: 'remove_suspension',
      before: { pause_date: before.pause_date },
      after: { pause_date: null },
    });
    return { message: MSG.suspensionRemoved };
  });
}
