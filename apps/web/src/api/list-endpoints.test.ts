import * as appointments from '@tz/shared/appointments/appointments.contract';
import { getCentreSession } from '@tz/shared/auth/auth.contract';
import { getDemisEligibility } from '@tz/shared/demis/demis.contract';
import type { Endpoint } from '@tz/shared/http/endpoint';
import { getNewsPrompt } from '@tz/shared/news/news.contract';
import { describe, expect, it } from 'vitest';
import * as light from './list-endpoints';

const route = (e: Endpoint) => ({ method: e.method, path: e.path, access: e.access });

describe('endpoints of the appointments list', () => {
  it.each([
    ['session', light.getCentreSessionEndpoint, getCentreSession],
    ['list', light.listAppointmentsEndpoint, appointments.listAppointments],
    ['list at', light.listAppointmentsAtEndpoint, appointments.listAppointmentsAt],
    ['count', light.countAppointmentsEndpoint, appointments.countAppointments],
    ['today', light.getTodayFiguresEndpoint, appointments.getTodayFigures],
    ['classifications', light.listPaymentClassificationsEndpoint, appointments.listPaymentClassifications],
    ['options', light.getAppointmentOptionsEndpoint, appointments.getAppointmentOptions],
    ['status', light.setAppointmentStatusEndpoint, appointments.setAppointmentStatus],
    ['check-in', light.checkInAppointmentEndpoint, appointments.checkInAppointment],
    ['classification', light.setPaymentClassificationEndpoint, appointments.setPaymentClassification],
    ['result', light.setAppointmentResultEndpoint, appointments.setAppointmentResult],
    ['DEMIS eligibility', light.getDemisEligibilityEndpoint, getDemisEligibility],
    ['news prompt', light.getNewsPromptEndpoint, getNewsPrompt],
  ] as [string, Endpoint, Endpoint][])('%s has the method, path and access of its contract', (_, e, contract) => {
    expect(route(e)).toEqual(route(contract));
  });

  it('covers every export', () => {
    expect(Object.keys(light)).toHaveLength(13);
  });
});
