import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AuditQuery,
  listAppointmentAudit,
  listAudit,
  listPlatformAudit,
  type PlatformAuditQuery,
} from '@tz/shared/audit/audit.contract';
import { api, download } from '../../api/client';

/** The centre's list, or with `platform` every centre's (the platform admin's); not while `enabled` is false. */
export const useAuditPage = (staffId: number, platform: boolean, query: PlatformAuditQuery, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['audit', platform ? 'platform' : staffId, query],
    queryFn: () =>
      platform
        ? api(listPlatformAudit, { query })
        : api(listAudit, { params: { staffId }, query: query as AuditQuery }),
    placeholderData: keepPreviousData,
  });

export const downloadAudit = (staffId: number, platform: boolean, query: PlatformAuditQuery) =>
  platform
    ? download(listPlatformAudit, { query, accept: 'text/csv', fallbackName: 'protokoll.csv' })
    : download(listAudit, {
        params: { staffId },
        query: query as AuditQuery,
        accept: 'text/csv',
        fallbackName: 'protokoll.csv',
      });

/** The appointment's history; under the appointment's keys, so every change of it refreshes the history. */
export const useAppointmentAudit = (staffId: number, appointmentId: number) =>
  useQuery({
    queryKey: ['appointments', staffId, 'audit', appointmentId],
    queryFn: () => api(listAppointmentAudit, { params: { staffId, appointmentId } }),
  });
