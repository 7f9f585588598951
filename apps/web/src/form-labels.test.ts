import { suspendAccount } from '@tz/shared/account/account.contract';
import {
  createAppointmentForCustomer,
  createAppointmentWithCustomer,
} from '@tz/shared/appointments/appointment-edit.contract';
import { loginBodySchema } from '@tz/shared/auth/auth.contract';
import {
  completeSecondFactor,
  confirmTwoFactor,
  disableTwoFactor,
  setPlatformSecurity,
} from '@tz/shared/auth/two-factor.contract';
import { createBooking } from '@tz/shared/booking/booking.contract';
import { updateCustomer } from '@tz/shared/customers/customers.contract';
import { requestExport } from '@tz/shared/exports/exports.contract';
import { saveVaccinationData } from '@tz/shared/forms/forms.contract';
import { saveOegdForm } from '@tz/shared/oegd/oegd.contract';
import { createPcrLab } from '@tz/shared/pcr-labs/pcr-labs.contract';
import { createRx, createUsage } from '@tz/shared/pharma/pharma.contract';
import { createTestCentreUser } from '@tz/shared/platform/platform.contract';
import { sendReceiptCopy } from '@tz/shared/receipts/receipts.contract';
import { createService } from '@tz/shared/services/services.contract';
import { SETTINGS_LABELS, updateSettings } from '@tz/shared/settings/settings.contract';
import { createCustomFunction, createUser, updatePassword, updateUser } from '@tz/shared/users/users.contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { APPOINTMENT_LABELS } from './features/appointments/appointment-field-labels';
import { LOGIN_LABELS } from './features/auth/login-field-labels';
import { BOOKING_LABELS } from './features/booking/booking-field-labels';
import { CUSTOMER_LABELS } from './features/customers/customer-field-labels';
import { EXPORT_REQUEST_LABELS } from './features/exports/exports-field-labels';
import { VACCINATION_LABELS } from './features/forms/vaccination-field-labels';
import { OEGD_LABELS } from './features/oegd/oegd-field-labels';
import { PCR_LAB_LABELS } from './features/pcr-labs/pcr-lab-field-labels';
import { RX_LABELS, USAGE_LABELS } from './features/pharma/pharma-field-labels';
import { TEST_CENTRE_USER_LABELS } from './features/platform/platform-field-labels';
import {
  DISABLE_LABELS,
  PLATFORM_GRACE_LABELS,
  SETUP_CODE_LABELS,
  SIGN_IN_CODE_LABELS,
} from './features/security/security-field-labels';
import { SERVICE_LABELS } from './features/services/service-field-labels';
import {
  CREATE_USER_LABELS,
  CUSTOM_FUNCTION_LABELS,
  PASSWORD_LABELS,
  PROFILE_LABELS,
} from './features/users/user-field-labels';

const keysOf = (schema: unknown) => Object.keys((schema as z.ZodObject).shape).sort();

/**
 * Each form's label table against the body of the request it sends: the server
 * names a refused field by its body path, and the form finds the label under
 * that path. `hidden`: body fields the form fills itself (no input to mark).
 */
const FORMS: { form: string; labels: Record<string, string>; body: unknown; hidden?: string[] }[] = [
  { form: 'Anmeldung', labels: LOGIN_LABELS, body: loginBodySchema },
  { form: 'Anmeldung: Code', labels: SIGN_IN_CODE_LABELS, body: completeSecondFactor.body },
  { form: 'Zwei-Faktor einrichten', labels: SETUP_CODE_LABELS, body: confirmTwoFactor.body },
  { form: 'Zwei-Faktor ausschalten', labels: DISABLE_LABELS, body: disableTwoFactor.body },
  { form: 'Zwei-Faktor-Pflicht der Plattform', labels: PLATFORM_GRACE_LABELS, body: setPlatformSecurity.body },
  { form: 'Benutzer anlegen', labels: CREATE_USER_LABELS, body: createUser.body, hidden: ['staff_id'] },
  {
    form: 'Passwort ändern',
    labels: PASSWORD_LABELS,
    body: updatePassword.body,
    hidden: ['staff_id', 'user_id'],
  },
  {
    form: 'Benutzerdaten',
    labels: PROFILE_LABELS,
    body: updateUser.body,
    // the role is changed in the list, not in this form
    hidden: ['staff_id', 'user_id', 'role_id'],
  },
  { form: 'Eigene Funktion', labels: CUSTOM_FUNCTION_LABELS, body: createCustomFunction.body, hidden: ['staff_id'] },
  {
    form: 'Testzentrums-Benutzer',
    labels: TEST_CENTRE_USER_LABELS,
    body: createTestCentreUser.body,
    hidden: ['staff_id'],
  },
  { form: 'Kunde bearbeiten', labels: CUSTOMER_LABELS, body: updateCustomer.body },
  {
    form: 'Termin anlegen',
    labels: APPOINTMENT_LABELS,
    body: createAppointmentForCustomer.body,
    hidden: ['staff_id', 'overbook'],
  },
  {
    form: 'Termin und Kunde anlegen',
    labels: { ...CUSTOMER_LABELS, ...APPOINTMENT_LABELS },
    body: createAppointmentWithCustomer.body,
    hidden: ['staff_id', 'overbook'],
  },
  { form: 'Dienstleistung', labels: SERVICE_LABELS, body: createService.body, hidden: ['staff_id'] },
  { form: 'Einstellungen', labels: SETTINGS_LABELS, body: updateSettings.body },
  { form: 'Impfdaten', labels: VACCINATION_LABELS, body: saveVaccinationData.body, hidden: ['staff_id'] },
  { form: 'Pause planen', labels: { date: 'Pausieren ab' }, body: suspendAccount.body, hidden: ['staff_id'] },
  { form: 'Belegkopie', labels: { email: 'E-Mail-Adresse' }, body: sendReceiptCopy.body },
  { form: 'Monatsexport anfordern', labels: EXPORT_REQUEST_LABELS, body: requestExport.body },
  { form: 'PCR-Labor', labels: PCR_LAB_LABELS, body: createPcrLab.body },
  { form: 'Verordnung', labels: RX_LABELS, body: createRx.body, hidden: ['staff_id'] },
  { form: 'Abgabe', labels: USAGE_LABELS, body: createUsage.body, hidden: ['staff_id'] },
  // website: the honeypot, hidden from people
  { form: 'Termin online buchen', labels: BOOKING_LABELS, body: createBooking.body, hidden: ['website'] },
];

describe('form labels name the fields of their request', () => {
  it.each(FORMS)('$form: every label belongs to a body field, every visible body field has a label', (f) => {
    const body = keysOf(f.body);
    expect(body.filter((k) => !f.hidden?.includes(k))).toEqual(Object.keys(f.labels).sort());
  });

  it('official test form: the body fields plus the customer gender (saved apart, refused with the form)', () => {
    const body = keysOf(saveOegdForm.body).filter((k) => k !== 'optin');
    expect(Object.keys(OEGD_LABELS).sort()).toEqual([...body, 'gender'].sort());
  });

  it('labels are German texts, never the path itself', () => {
    for (const f of FORMS) {
      for (const [path, label] of Object.entries(f.labels)) {
        expect(label, `${f.form}: ${path}`).not.toBe(path);
        expect(label, `${f.form}: ${path}`).not.toMatch(/_/);
      }
    }
  });
});
