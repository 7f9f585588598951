import { MSG } from '@tz/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import {
  applyServerErrors,
  type ErrorTarget,
  invalidFieldsText,
  labelsOf,
  summariseServerError,
} from './server-errors';

const validation = (details: { field: string; message: string }[]) =>
  new ApiError(400, 'VALIDATION', `${MSG.invalidInput} …`, details);
const labels = labelsOf({ name: 'Name', email: 'E-Mail', password: 'Passwort' });

describe('a refused save in the terms of the form', () => {
  it('marks each named field with its message and names it by its label, never by its path', () => {
    const s = summariseServerError(
      validation([
        { field: 'email', message: 'Bitte eine gültige E-Mail-Adresse angeben' },
        { field: 'password', message: MSG.passwordTooShort },
      ]),
      labels,
    );
    expect(s.errors).toEqual({ email: 'Bitte eine gültige E-Mail-Adresse angeben', password: MSG.passwordTooShort });
    expect(s.first).toBe('email');
    expect(s.text).toBe(`E-Mail: Bitte eine gültige E-Mail-Adresse angeben. Passwort: ${MSG.passwordTooShort}.`);
  });

  it('keeps a message for a field the form does not show, without its path and without marking it', () => {
    const s = summariseServerError(validation([{ field: 'staff_id', message: 'Ungültige Eingabe' }]), labels);
    expect(s.errors).toEqual({});
    expect(s.first).toBeUndefined();
    expect(s.text).toBe('Ungültige Eingabe.');
    expect(s.text).not.toContain('staff_id');
  });

  it("translates the server's path where the form names the field differently", () => {
    const s = summariseServerError(
      validation([{ field: 'start_date', message: 'Bitte die Uhrzeit angeben.' }]),
      labelsOf({ time: 'Uhrzeit' }),
      (f) => (f === 'start_date' ? 'time' : f),
    );
    expect(s.errors).toEqual({ time: 'Bitte die Uhrzeit angeben.' });
    expect(s.text).toBe('Uhrzeit: Bitte die Uhrzeit angeben.');
  });

  it("shows the server's message when it names no field, and the generic text for other failures", () => {
    expect(summariseServerError(new ApiError(409, 'EMAIL_TAKEN', MSG.emailTaken), labels)).toEqual({
      errors: {},
      first: undefined,
      text: MSG.emailTaken,
    });
    expect(summariseServerError(new TypeError('x'), labels).text).toBe(MSG.genericError);
    // details of another kind (DEMIS status) are no field errors
    expect(summariseServerError(new ApiError(502, 'DEMIS', 'DEMIS kaputt', { status: 0 }), labels).text).toBe(
      'DEMIS kaputt',
    );
  });

  it('marks a field once (its first message) but lists every message', () => {
    const s = summariseServerError(
      validation([
        { field: 'name', message: 'Zu kurz.' },
        { field: 'name', message: 'Ungültige Zeichen.' },
      ]),
      labels,
    );
    expect(s.errors).toEqual({ name: 'Zu kurz.' });
    expect(s.text).toBe('Name: Zu kurz. Name: Ungültige Zeichen.');
  });
});

describe('applyServerErrors', () => {
  const fakeForm = () => {
    const focused: string[] = [];
    const form = {
      setErrors: vi.fn(),
      getInputNode: vi.fn((path: string) => ({ focus: () => focused.push(path) })),
    };
    return { form, focused, target: form as unknown as ErrorTarget };
  };

  it('sets the errors on the form and focuses the first marked field', () => {
    const { form, focused, target } = fakeForm();
    const s = applyServerErrors(
      target,
      validation([
        { field: 'staff_id', message: 'Ungültige Eingabe' },
        { field: 'password', message: MSG.passwordTooShort },
        { field: 'email', message: MSG.emailInvalid },
      ]),
      labels,
    );
    expect(form.setErrors).toHaveBeenCalledWith({ password: MSG.passwordTooShort, email: MSG.emailInvalid });
    expect(focused).toEqual(['password']);
    expect(s.text).toContain('Passwort: ');
  });

  it('leaves the focus alone when asked to (a dialog shows the text first)', () => {
    const { focused, target } = fakeForm();
    applyServerErrors(target, validation([{ field: 'email', message: MSG.emailInvalid }]), labels, { focus: false });
    expect(focused).toEqual([]);
  });

  it('clears earlier marks when the server names no field', () => {
    const { form, focused, target } = fakeForm();
    applyServerErrors(target, new ApiError(422, 'RULE', 'Nein'), labels);
    expect(form.setErrors).toHaveBeenCalledWith({});
    expect(focused).toEqual([]);
  });
});

describe('the message of a refused long form', () => {
  const label = labelsOf({ name: 'Name', email: 'E-Mail', password: 'Passwort' });

  it('names the first invalid field in the screen order with its problem', () => {
    expect(invalidFieldsText({ email: 'Ungültige E-Mail' }, ['email'], label)).toBe(
      'Bitte prüfen Sie das Feld „E-Mail“: Ungültige E-Mail.',
    );
  });

  it('lists the other marked fields by label, in the screen order', () => {
    const errors = { password: 'Zu kurz', name: 'Name ist ein Pflichtfeld', email: 'Ungültig' };
    expect(invalidFieldsText(errors, ['name', 'email', 'password'], label)).toBe(
      'Bitte prüfen Sie das Feld „Name“: Name ist ein Pflichtfeld. Weitere markierte Felder: „E-Mail“, „Passwort“.',
    );
  });

  it('falls back to the messages when no field has a label', () => {
    expect(invalidFieldsText({ staff_id: 'Ungültige Eingabe' }, ['staff_id'], label)).toBe('Ungültige Eingabe.');
  });
});
