import { randomUUID } from 'node:crypto';
import { RESULT } from '@tz/shared/constants';
import { DEMIS_STATUS_SUCCESS } from '@tz/shared/demis/demis.contract';
import { MSG } from '@tz/shared/messages';
import { demisEligibility } from '@tz/shared/rules/demis-eligibility';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { now, nowMs } from '../../clock';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import * as ctxRepo from '../receipts/appointment-context.repository';
import * as repo from './demis.repository';
import { buildLaboratoryNotification, refusedCustomerFields } from './demis-bundle';
import type { CertificateSource } from './demis-certificate-source';
import { DemisTransportError, outcomeIssues, receiptPdfOf, sendNotification } from './demis-client';
import { checkLaboratoryNotification, errorsOf } from './demis-conformance';
import { versionsOf } from './demis-terminology';

const STALE_PENDING_MS = 10 * 60_000;

const missingSettings = (details?: unknown) =>
  AppError.rule(MSG.missingDemisSettings, 'DEMIS_SETTINGS_MISSING', details);

export async function eligibility(deps: AppDeps, certificates: CertificateSource, staffId: number) {
  const centre = await ctxRepo.findCentre(deps.db, staffId);
  if (!centre) throw AppError.notFound('Dieses Testzentrum gibt es nicht.');
  const rule = demisEligibility(centre);
  const certificate = rule.eligible ? !!(await certificates(staffId)) : false;
  return { eligible: rule.eligible && certificate, missing: rule.missing, certificate };
}

/**
 * Reports a positive test to DEMIS. Only positive results, only once; the
 * pending row (unique per appointment while pending or successful) is written
 * under a lock before the call, so parallel clicks cannot report twice. The
 * appointment is marked 'success' only after DEMIS accepted the notification.
 */
export async function report(
  deps: AppDeps,
  certificates: CertificateSource,
  auth: AuthContext,
  staffId: number,
  token: string,
) {
  const ctx = await ctxRepo.findContextByToken(deps.db, staffId, token);
  if (!ctx || ctx.appointment.should_block_slot) throw AppError.notFound(MSG.appointmentNotFound);
  if (ctx.appointment.res_detected !== RESULT.positive) throw AppError.rule(MSG.demisOnlyPositive, 'NOT_POSITIVE');
  if (ctx.appointment.demis_status === DEMIS_STATUS_SUCCESS)
    throw AppError.conflict(MSG.demisAlreadyReported, 'ALREADY_REPORTED');

  const centre = await ctxRepo.findCentre(deps.db, staffId);
  if (!centre) throw AppError.notFound('Dieses Testzentrum gibt es nicht.');
  const rule = demisEligibility(centre);
  if (!rule.eligible) throw missingSettings({ missing: rule.missing });
  const cert = await certificates(staffId);
  if (!cert) throw missingSettings({ missing: ['certificate'] });
  // DEMIS refuses a token request without the secret: a configuration error of this server, said as such.
  if (!deps.config.demisClientSecret) throw new AppError(503, 'DEMIS_NOT_CONFIGURED', MSG.demisNotConfigured);

  // Data DEMIS would refuse stops here, with the field to fix, before anything is sent.
  const refused = refusedCustomerFields(ctx.customer);
  if (refused.length > 0)
    throw AppError.rule(
      `${MSG.demisDataInvalid} ${refused.map((r) => r.message).join(' ')}`,
      'DEMIS_DATA_INVALID',
      refused,
    );

  const versions = versionsOf(deps.config);
  const { bundle, notificationId } = buildLaboratoryNotification({
    centre,
    ctx,
    now: now(),
    newId: randomUUID,
    versions,
  });
  // The same check the profiles make: a bundle DEMIS would reject is never sent.
  const broken = errorsOf(checkLaboratoryNotification(bundle, versions));
  if (broken.length > 0)
    throw AppError.rule(
      `${MSG.demisBundleInvalid}: ${broken.map((i) => `${i.location}: ${i.message}`).join('; ')}`,
      'DEMIS_BUNDLE_INVALID',
      { issues: broken },
    );
  const appointmentId = ctx.appointment.id;

  const reportId = await deps.db.transaction(async (tx) => {
    const locked = await ctxRepo.lockAppointment(tx, staffId, appointmentId);
    if (!locked) throw AppError.notFound(MSG.appointmentNotFound);
    if (locked.demis_status === DEMIS_STATUS_SUCCESS)
      throw AppError.conflict(MSG.demisAlreadyReported, 'ALREADY_REPORTED');
    await repo.abandonStalePending(tx, appointmentId, new Date(nowMs() - STALE_PENDING_MS));
    const active = await repo.activeReport(tx, appointmentId);
    if (active?.status === 'success') throw AppError.conflict(MSG.demisAlreadyReported, 'ALREADY_REPORTED');
    if (active) throw AppError.conflict(MSG.demisInProgress, 'REPORT_IN_PROGRESS');
    return repo.insertPending(tx, {
      staff_id: staffId,
      appointment_id: appointmentId,
      user_id: auth.userId,
      notification_id: notificationId,
      request_bundle: bundle,
    });
  });

  try {
    // The OAuth username is the DEMIS account name tied to the certificate (not the BSNR, not the participant number).
    const answer = await sendNotification(deps.config, cert, centre.demis_account_name!.trim(), bundle);
    const warnings = outcomeIssues(answer.body).filter((i) => i.severity === 'warning' && i.diagnostics);
    await deps.db.transaction(async (tx) => {
      await repo.finishReport(tx, reportId, {
        status: 'success',
        http_status: answer.status,
        response: answer.body,
        receipt_pdf: receiptPdfOf(answer.body),
        warnings,
      });
      await repo.setDemisStatus(tx, appointmentId, DEMIS_STATUS_SUCCESS);
      await writeAudit(tx, {
        staff_id: staffId,
        user_id: auth.userId,
        entity: 'appointment',
        entity_id: appointmentId,
        action: 'demis_report',
        before: { demis_status: ctx.appointment.demis_status },
        after: { demis_status: DEMIS_STATUS_SUCCESS, report_id: reportId, notification_id: notificationId },
      });
    });
    deps.metrics.demisReports.inc({ outcome: 'success' });
    return {
      report_id: reportId,
      demis_status: DEMIS_STATUS_SUCCESS as typeof DEMIS_STATUS_SUCCESS,
      notification_id: notificationId,
      message: MSG.demisReported,
      warnings: warnings.map((w) => w.diagnostics!),
    };
  } catch (err) {
    const status = err instanceof DemisTransportError ? err.status : 0;
    // DEMIS answered and said no, or was not reached (network, TLS, token).
    deps.metrics.demisReports.inc({ outcome: status ? 'refused' : 'unreachable' });
    const reason = err instanceof Error ? err.message : String(err);
    await repo.finishReport(deps.db, reportId, {
      status: 'error',
      http_status: status,
      response: err instanceof DemisTransportError ? err.body : undefined,
      error: reason.slice(0, 2000),
    });
    // DEMIS (or the way to it) failed, not the caller: 502 with DEMIS' status and reason.
    throw new AppError(502, 'DEMIS_ERROR', `${MSG.demisFailed} (Status ${status}): ${reason}`, {
      status,
      report_id: reportId,
      diagnostics: err instanceof DemisTransportError ? outcomeIssues(err.body) : [],
    });
  }
}
