import { QueryClient } from '@tanstack/react-query';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { describe, expect, it } from 'vitest';
import type { AppointmentPages } from '../appointments/appointment-pages';
import { appointmentKeys } from '../appointments/use-appointments';
import { markReceiptIssued, receiptAddress } from './use-receipts';

describe('receipt address prompt', () => {
  it("defaults to the centre's email when left empty", () => {
    expect(receiptAddress('', 'zentrum@example.de')).toBe('zentrum@example.de');
    expect(receiptAddress('   ', 'zentrum@example.de')).toBe('zentrum@example.de');
  });

  it('takes the entered address', () => {
    expect(receiptAddress(' kunde@example.de ', 'zentrum@example.de')).toBe('kunde@example.de');
  });

  it('leaves the choice to the server when neither exists', () => {
    expect(receiptAddress('', null)).toBeUndefined();
  });
});

describe('after a receipt was issued', () => {
  const staffId = 2;
  const row = (appointment_id: number) => ({ appointment_id, has_receipt: false }) as unknown as Appointment;
  const listKey = [...appointmentKeys.list(staffId), { startdate: 0, enddate: 1 }];
  const oneKey = appointmentKeys.one(staffId, 5, 7);

  it('shows the receipt in the loaded list and on the edit screen, and nowhere else', () => {
    const qc = new QueryClient();
    qc.setQueryData<AppointmentPages>(listKey, {
      pages: [
        { offset: 0, rows: [row(4), row(5)] },
        { offset: 2, rows: [row(6)] },
      ],
      pageParams: [{ kind: 'first' }],
    });
    qc.setQueryData(oneKey, { ...row(5), number_of_new_appointments: 1 });
    qc.setQueryData(appointmentKeys.one(staffId, 6, 7), row(6));
    markReceiptIssued(qc, staffId, 5);
    const pages = qc.getQueryData<AppointmentPages>(listKey)!.pages;
    expect(pages.flatMap((p) => p.rows).map((a) => [a.appointment_id, a.has_receipt])).toEqual([
      [4, false],
      [5, true],
      [6, false],
    ]);
    expect(qc.getQueryData<Appointment>(oneKey)!.has_receipt).toBe(true);
    expect(qc.getQueryData<Appointment>(appointmentKeys.one(staffId, 6, 7))!.has_receipt).toBe(false);
  });

  it('leaves another centre’s list alone', () => {
    const qc = new QueryClient();
    const other = [...appointmentKeys.list(3), {}];
    qc.setQueryData<AppointmentPages>(other, {
      pages: [{ offset: 0, rows: [row(5)] }],
      pageParams: [{ kind: 'first' }],
    });
    markReceiptIssued(qc, staffId, 5);
    expect(qc.getQueryData<AppointmentPages>(other)!.pages[0]!.rows[0]!.has_receipt).toBe(false);
  });
});
