import { z } from 'zod';
import { DEMIS_STATUS_SUCCESS, ROLE } from '../constants';
import { endpoint } from '../http/endpoint';

// Kept in constants.ts: the appointment rows read it without loading this contract's schemas.
export { DEMIS_STATUS_SUCCESS };

export const demisEligibilitySchema = z.object({
  eligible: z.boolean(),
  missing: z.array(z.string()),
  certificate: z.boolean(),
});

export const getDemisEligibility = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/demis/eligibility',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Sind DEMIS-Einstellungen und Zertifikat des Zentrums vollständig?',
  params: z.object({ staffId: z.coerce.number().int().positive() }),
  response: demisEligibilitySchema,
});

export const reportToDemis = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/demis/reports/:token',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Positives Testergebnis an DEMIS melden (per Termin-Token)',
  params: z.object({ staffId: z.coerce.number().int().positive(), token: z.string().min(1).max(200) }),
  response: z.object({
    report_id: z.number().int(),
    demis_status: z.literal(DEMIS_STATUS_SUCCESS),
    notification_id: z.string(),
    message: z.string(),
    /** DEMIS' warnings of a successful answer (operationOutcome), also kept with the report. */
    warnings: z.array(z.string()),
  }),
});
