/**
 * Paper declaration and certificate system: external systems receive a form
 * post whose `data` field is base64 of this JSON (core-workflow §7), plus the
 * language DE or EN.
 */
export type HandoffLanguage = 'DE' | 'EN';

export interface HandoffCustomer {
  first_name: string;
  last_name: string;
  birthday: string | null;
  gender: number;
  email: string | null;
  phone: string | null;
  passport: string | null;
}

export interface HandoffAddress {
  street: string | null;
  postcode: string | null;
  city: string | null;
}

export interface HandoffAppointment {
  appointment_id: number;
  token: string;
  /** yyyy-MM-dd and HH:mm in the centre's time zone */
  date: string;
  time: string;
  service_id: number;
  service_title: string;
  service_test_type: number | null;
  res_detected: number | null;
  res_date: string | null;
}

export interface HandoffInput {
  /** The caller's session token: the external system authenticates with it. */
  token: string;
  host: string;
  staff_id: number;
  customer_appointment_id: number;
  customer: HandoffCustomer;
  address: HandoffAddress;
  appointment: HandoffAppointment;
  lang: HandoffLanguage;
}

function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function base64ToUtf8(b64: string): string {
  const binary = atob(b64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The `data` field of the hand-off post: base64 of UTF-8 JSON, field order fixed. */
export function buildHandoffPayload(input: HandoffInput): string {
  const payload = {
    token: input.token,
    host: input.host,
    staff_id: input.staff_id,
    customer_appointment_id: input.customer_appointment_id,
    lang: input.lang,
    customer: input.customer,
    address: input.address,
    appointment: input.appointment,
  };
  return utf8ToBase64(JSON.stringify(payload));
}

export function decodeHandoffPayload(data: string): HandoffInput {
  return JSON.parse(base64ToUtf8(data)) as HandoffInput;
}

/** Every field the external form receives. */
export function handoffFormFields(input: HandoffInput): Record<string, string> {
  return { data: buildHandoffPayload(input), lang: input.lang };
}
