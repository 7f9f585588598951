import { MSG } from '@tz/shared/messages';
import { ApiError } from '../../api/client';

/** What the report screen shows when a DEMIS report failed: a German frame around DEMIS' own words. */
export interface DemisReportErrorView {
  title: string;
  intro: string;
  items: string[];
  hint?: string;
}

interface Diagnostic {
  severity?: string;
  diagnostics?: string;
  location?: string;
}

const where = (location?: string) => (location ? ` (${MSG.demisRejectedWhere}: ${location})` : '');

/**
 * DEMIS rejected (422 with an OperationOutcome): its diagnostics, each with
 * the place it names. Our own refusals before sending: the customer fields to
 * correct, or the profile rules the bundle broke. Anything else: the spec's
 * 'Etwas ist schief gelaufen (status)' with the server's message.
 */
export function demisReportError(e: unknown): DemisReportErrorView {
  if (e instanceof ApiError && e.code === 'DEMIS_ERROR') {
    const details = (e.details ?? {}) as { status?: number; diagnostics?: Diagnostic[] };
    const items = (details.diagnostics ?? [])
      .filter((d) => d.diagnostics && d.severity !== 'information')
      .map((d) => `${d.diagnostics}${where(d.location)}`);
    if (items.length > 0)
      return {
        title: `${MSG.demisRejectedTitle} (Status ${details.status ?? e.status})`,
        intro: MSG.demisRejectedIntro,
        items,
        hint: MSG.demisRejectedHint,
      };
    // Status 0: no answer at all (TLS refused, unreachable) – the message says so.
    const status = details.status ?? e.status;
    return { title: `${MSG.genericError}${status ? ` (${status})` : ''}`, intro: e.message, items: [] };
  }
  if (e instanceof ApiError && e.code === 'DEMIS_DATA_INVALID') {
    const fields = Array.isArray(e.details) ? (e.details as { message: string }[]) : [];
    return { title: MSG.demisDataInvalidTitle, intro: MSG.demisDataInvalid, items: fields.map((f) => f.message) };
  }
  if (e instanceof ApiError && e.code === 'DEMIS_BUNDLE_INVALID') {
    const issues = ((e.details ?? {}) as { issues?: { location: string; message: string }[] }).issues ?? [];
    return {
      title: MSG.demisBundleInvalid,
      intro: MSG.demisRejectedIntro,
      items: issues.map((i) => `${i.message}${where(i.location)}`),
    };
  }
  const status = e instanceof ApiError ? e.status : 0;
  return {
    title: `${MSG.genericError}${status ? ` (${status})` : ''}`,
    intro: e instanceof Error ? e.message : MSG.genericError,
    items: [],
  };
}
