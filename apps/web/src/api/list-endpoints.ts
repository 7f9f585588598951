import type * as appointments from '@tz/shared/appointments/appointments.contract';
import type { getCentreSession } from '@tz/shared/auth/auth.contract';
import { ROLE } from '@tz/shared/constants';
import type { getDemisEligibility } from '@tz/shared/demis/demis.contract';
import type { Endpoint } from '@tz/shared/http/endpoint';
import type { getNewsPrompt } from '@tz/shared/news/news.contract';

/**
 * The endpoints the appointments list and the app frame around it call, without their zod
 * schemas, as entry-endpoints.ts does for the login screen: the contracts evaluate their schemas
 * on import, which put zod (~25 KB gzip) into the list's first download (issue 28). The client
 * never parses with them (api() only reads method, path and access; the server validates), and
 * the types still come from the contracts. list-endpoints.test.ts proves each equals its contract.
 */
const withoutSchemas = <E extends Endpoint>(e: Pick<E, 'method' | 'path' | 'access'>) => e as E;

const tenant = { maxRole: ROLE.staff, tenant: 'staffId' } as const;
const base = '/api/staff/:staffId/appointments';

export const getCentreSessionEndpoint = withoutSchemas<typeof getCentreSession>({
  method: 'GET',
  path: '/api/staff/:staffId/session',
  access: tenant,
});

export const listAppointmentsEndpoint = withoutSchemas<typeof appointments.listAppointments>({
  method: 'POST',
  path: base,
  access: tenant,
});

export const listAppointmentsAtEndpoint = withoutSchemas<typeof appointments.listAppointmentsAt>({
  method: 'POST',
  path: `${base}/page-at`,
  access: tenant,
});

export const countAppointmentsEndpoint = withoutSchemas<typeof appointments.countAppointments>({
  method: 'POST',
  path: `${base}/count`,
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
});

export const getTodayFiguresEndpoint = withoutSchemas<typeof appointments.getTodayFigures>({
  method: 'GET',
  path: `${base}/today`,
  access: tenant,
});

export const listPaymentClassificationsEndpoint = withoutSchemas<typeof appointments.listPaymentClassifications>({
  method: 'GET',
  path: `${base}/payment-classifications`,
  access: tenant,
});

export const getAppointmentOptionsEndpoint = withoutSchemas<typeof appointments.getAppointmentOptions>({
  method: 'GET',
  path: `${base}/options`,
  access: tenant,
});

// The row's own actions (in the same hooks module as the list's queries).
export const setAppointmentStatusEndpoint = withoutSchemas<typeof appointments.setAppointmentStatus>({
  method: 'POST',
  path: `${base}/:appointmentId/status`,
  access: tenant,
});

export const checkInAppointmentEndpoint = withoutSchemas<typeof appointments.checkInAppointment>({
  method: 'POST',
  path: `${base}/:appointmentId/check-in`,
  access: tenant,
});

export const setPaymentClassificationEndpoint = withoutSchemas<typeof appointments.setPaymentClassification>({
  method: 'POST',
  path: `${base}/:appointmentId/payment-classification`,
  access: tenant,
});

export const setAppointmentResultEndpoint = withoutSchemas<typeof appointments.setAppointmentResult>({
  method: 'POST',
  path: `${base}/:appointmentId/result`,
  access: tenant,
});

// A row with a positive result not yet reported asks whether the centre may report to DEMIS.
export const getDemisEligibilityEndpoint = withoutSchemas<typeof getDemisEligibility>({
  method: 'GET',
  path: '/api/staff/:staffId/demis/eligibility',
  access: tenant,
});

// The app frame: is the news prompt due (every logged-in screen asks on opening).
export const getNewsPromptEndpoint = withoutSchemas<typeof getNewsPrompt>({
  method: 'GET',
  path: '/api/news/prompt',
  access: { maxRole: ROLE.staff },
});
