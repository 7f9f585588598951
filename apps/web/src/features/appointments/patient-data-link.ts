import { germanDate } from '@tz/shared/rules/german-date';
/**
 * The patient-data link (core-workflow §1, §7): the browser extension that
 * prefills forms of other systems is handed the appointment's patient. The page
 * posts a message to its own window; the extension's content script answers
 * with an acknowledgement carrying the same id. No answer in time means the
 * extension is missing or switched off, and the screen says so.
 *
 * The message names are this app's (the spec does not give the extension's);
 * they live here only.
 */
export const PATIENT_MESSAGE = 'tz-patient-data';
export const PATIENT_RECEIVED = 'tz-patient-data-received';
export const EXTENSION_PING = 'tz-extension-ping';
export const EXTENSION_PONG = 'tz-extension-pong';
export const EXTENSION_TIMEOUT_MS = 1500;

export interface ExtensionPatient {
  firstName: string;
  lastName: string;
  /** DD.MM.YYYY, as the extension expects it. */
  birthday: string;
  street: string;
  housenumber: string;
  postcode: string;
  city: string;
  email: string;
  phone: string;
  gender: number;
  passport: string;
}

export interface PatientSource {
  customer_firstname: string;
  customer_lastname: string;
  customer_birthday: string | null;
  customer_street: string | null;
  customer_postcode: string | null;
  customer_city: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  customer_gender: number | null;
  customer_passport: string | null;
}

/** 'Hauptstraße 12a' → street 'Hauptstraße', house number '12a'; a street without a number keeps it all. */
export function splitStreet(value: string | null): { street: string; housenumber: string } {
  const text = (value ?? '').trim();
  const m = /^(.*?\S)\s+(\d+\s*[a-zA-Z]?(?:\s*[-/]\s*\d+\s*[a-zA-Z]?)?)$/.exec(text);
  return m ? { street: m[1]!, housenumber: m[2]!.replace(/\s+/g, '') } : { street: text, housenumber: '' };
}

/** 'YYYY-MM-DD' (or an ISO timestamp) → 'DD.MM.YYYY'; empty when unknown. */
const germanBirthday = (value: string | null) => (value ? germanDate(value.slice(0, 10)) : '');

export function extensionPatient(a: PatientSource): ExtensionPatient {
  return {
    firstName: a.customer_firstname,
    lastName: a.customer_lastname,
    birthday: germanBirthday(a.customer_birthday),
    ...splitStreet(a.customer_street),
    postcode: a.customer_postcode ?? '',
    city: a.customer_city ?? '',
    email: a.customer_email ?? '',
    phone: a.customer_phone ?? '',
    gender: a.customer_gender ?? 0,
    passport: a.customer_passport ?? '',
  };
}

/** The customer screen's fields (saved or just typed) as the same source. */
export const customerPatientSource = (c: {
  first_name: string;
  last_name: string;
  birthday: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  gender: number | string | null;
  passport: string | null;
}): PatientSource => ({
  customer_firstname: c.first_name,
  customer_lastname: c.last_name,
  customer_birthday: c.birthday || null,
  customer_street: c.street,
  customer_postcode: c.postcode,
  customer_city: c.city,
  customer_email: c.email,
  customer_phone: c.phone,
  customer_gender: c.gender === null || c.gender === '' ? null : Number(c.gender),
  customer_passport: c.passport,
});

/** The part of a window the hand-over needs (a fake one in tests). */
export interface MessageWindow {
  location: { origin: string };
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}

/**
 * Posts `message` with a fresh id to the page's own origin and resolves once
 * the extension answers `answerType` with the same id from that origin;
 * rejects when nothing answers within the timeout.
 */
export function askExtension(
  win: MessageWindow,
  message: { type: string } & Record<string, unknown>,
  answerType: string,
  options: { id: string; timeoutMs?: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: unknown; id?: unknown } | null;
      if (e.origin !== win.location.origin || data?.type !== answerType || data.id !== options.id) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('Die Browser-Erweiterung hat nicht geantwortet.'));
    }, options.timeoutMs ?? EXTENSION_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
    };
    win.addEventListener('message', onMessage);
    win.postMessage({ ...message, id: options.id }, win.location.origin);
  });
}

/** Hands the patient over; resolves once the extension acknowledges it. */
export const sendPatientToExtension = (
  patient: ExtensionPatient,
  win: MessageWindow,
  options: { id: string; timeoutMs?: number },
) => askExtension(win, { type: PATIENT_MESSAGE, patient }, PATIENT_RECEIVED, options);

/** Whether the extension answers at all (the information page shows it). */
export const extensionInstalled = (win: MessageWindow, options: { id: string; timeoutMs?: number }) =>
  askExtension(win, { type: EXTENSION_PING }, EXTENSION_PONG, options).then(
    () => true,
    () => false,
  );
