import { describe, expect, it } from 'vitest';
import {
  customerPatientSource,
  EXTENSION_PING,
  EXTENSION_PONG,
  extensionInstalled,
  extensionPatient,
  type MessageWindow,
  PATIENT_MESSAGE,
  PATIENT_RECEIVED,
  type PatientSource,
  sendPatientToExtension,
  splitStreet,
} from './patient-data-link';

const source: PatientSource = {
  customer_firstname: 'Erika',
  customer_lastname: 'Mustermann',
  customer_birthday: '1980-02-29',
  customer_street: 'Hauptstraße 12a',
  customer_postcode: '10115',
  customer_city: 'Berlin',
  customer_email: 'erika@example.org',
  customer_phone: '0171 1234567',
  customer_gender: 2,
  customer_passport: null,
};

describe('the patient handed to the browser extension', () => {
  it('has the birthday as DD.MM.YYYY and street and house number apart', () => {
    expect(extensionPatient(source)).toEqual({
      firstName: 'Erika',
      lastName: 'Mustermann',
      birthday: '29.02.1980',
      street: 'Hauptstraße',
      housenumber: '12a',
      postcode: '10115',
      city: 'Berlin',
      email: 'erika@example.org',
      phone: '0171 1234567',
      gender: 2,
      passport: '',
    });
  });

  it('splits German street forms and leaves a street without a number whole', () => {
    expect(splitStreet('Am Markt 3 - 5')).toEqual({ street: 'Am Markt', housenumber: '3-5' });
    expect(splitStreet('Straße des 17. Juni 100')).toEqual({ street: 'Straße des 17. Juni', housenumber: '100' });
    expect(splitStreet('Lindenweg 7 b')).toEqual({ street: 'Lindenweg', housenumber: '7b' });
    expect(splitStreet('Hof Birkenau')).toEqual({ street: 'Hof Birkenau', housenumber: '' });
    expect(splitStreet(null)).toEqual({ street: '', housenumber: '' });
  });

  it('leaves unknown fields empty instead of sending null', () => {
    const p = extensionPatient({ ...source, customer_birthday: null, customer_email: null, customer_gender: null });
    expect(p).toMatchObject({ birthday: '', email: '', gender: 0 });
  });

  it('is the same from the customer screen, with the gender as the form holds it (a string)', () => {
    const fromCustomer = customerPatientSource({
      first_name: 'Erika',
      last_name: 'Mustermann',
      birthday: '1980-02-29',
      street: 'Hauptstraße 12a',
      postcode: '10115',
      city: 'Berlin',
      email: 'erika@example.org',
      phone: '0171 1234567',
      gender: '2',
      passport: null,
    });
    expect(extensionPatient(fromCustomer)).toEqual(extensionPatient(source));
    expect(customerPatientSource({ ...fromCustomerFields, birthday: '', gender: '' })).toMatchObject({
      customer_birthday: null,
      customer_gender: null,
    });
  });
});

const fromCustomerFields = {
  first_name: 'A',
  last_name: 'B',
  birthday: '',
  street: null,
  postcode: null,
  city: null,
  email: null,
  phone: null,
  gender: '',
  passport: null,
};

/** A window whose posted messages an "extension" may answer. */
function fakeWindow(extension?: (message: { type: string; id: string }) => unknown) {
  const target = new EventTarget();
  const posted: unknown[] = [];
  const win: MessageWindow = {
    location: { origin: 'https://app.example' },
    postMessage(message, targetOrigin) {
      posted.push({ message, targetOrigin });
      const answer = extension?.(message as { type: string; id: string });
      if (answer)
        setTimeout(() =>
          target.dispatchEvent(new MessageEvent('message', { data: answer, origin: 'https://app.example' })),
        );
    },
    addEventListener: (type, l) => target.addEventListener(type, l as EventListener),
    removeEventListener: (type, l) => target.removeEventListener(type, l as EventListener),
  };
  return { win, posted, target };
}

describe('sendPatientToExtension', () => {
  const patient = extensionPatient(source);

  it('posts the patient to its own origin and resolves on the acknowledgement with the same id', async () => {
    const { win, posted } = fakeWindow((m) => m.type === PATIENT_MESSAGE && { type: PATIENT_RECEIVED, id: m.id });
    await expect(sendPatientToExtension(patient, win, { id: 'x1', timeoutMs: 1000 })).resolves.toBeUndefined();
    expect(posted).toEqual([
      { message: { type: PATIENT_MESSAGE, patient, id: 'x1' }, targetOrigin: 'https://app.example' },
    ]);
  });

  it('tells whether an extension answers the ping', async () => {
    const { win } = fakeWindow((m) => m.type === EXTENSION_PING && { type: EXTENSION_PONG, id: m.id });
    expect(await extensionInstalled(win, { id: 'p1', timeoutMs: 1000 })).toBe(true);
    expect(await extensionInstalled(fakeWindow().win, { id: 'p2', timeoutMs: 20 })).toBe(false);
  });

  it('fails when no extension answers in time', async () => {
    const { win } = fakeWindow();
    await expect(sendPatientToExtension(patient, win, { id: 'x2', timeoutMs: 20 })).rejects.toThrow();
  });

  it('ignores answers for another id or from another origin', async () => {
    const { win, target } = fakeWindow((m) => ({ type: PATIENT_RECEIVED, id: `${m.id}-other` }));
    setTimeout(() =>
      target.dispatchEvent(
        new MessageEvent('message', { data: { type: PATIENT_RECEIVED, id: 'x3' }, origin: 'https://evil.example' }),
      ),
    );
    await expect(sendPatientToExtension(patient, win, { id: 'x3', timeoutMs: 50 })).rejects.toThrow();
  });
});
