import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { receiptActionsState } from './receipt-actions';

const row = (patch: Partial<Parameters<typeof receiptActionsState>[0]> = {}) => ({
  status: 'approved',
  has_receipt: false,
  customer_email: 'kunde@example.de',
  should_block_slot: false,
  ...patch,
});

describe('receipt and mail actions of an appointment row', () => {
  it('offers sending and downloading, but no copy before a receipt exists', () => {
    expect(receiptActionsState(row())).toEqual({
      send: null,
      download: null,
      copy: MSG.receiptCopyNeedsReceipt,
      confirmationMail: null,
    });
  });

  it('offers the copy once a receipt was issued', () => {
    expect(receiptActionsState(row({ has_receipt: true })).copy).toBeNull();
  });

  it('refuses to issue a receipt for a cancelled appointment', () => {
    const s = receiptActionsState(row({ status: 'cancelled' }));
    expect(s.send).toBe(MSG.receiptCancelledAppointment);
    expect(s.download).toBe(MSG.receiptCancelledAppointment);
    expect(s.copy).toBe(MSG.receiptCancelledAppointment);
  });

  it('keeps a receipt issued before the cancellation available', () => {
    expect(receiptActionsState(row({ status: 'cancelled', has_receipt: true }))).toMatchObject({
      send: null,
      download: null,
      copy: null,
    });
  });

  it('offers the confirmation mail only with a customer e-mail address', () => {
    expect(receiptActionsState(row({ customer_email: null })).confirmationMail).toBe(MSG.customerHasNoEmail);
    expect(receiptActionsState(row({ customer_email: '  ' })).confirmationMail).toBe(MSG.customerHasNoEmail);
    expect(receiptActionsState(row({ customer_email: null })).send).toBeNull();
  });

  it('offers nothing of this for a blocked slot', () => {
    expect(Object.values(receiptActionsState(row({ should_block_slot: true, has_receipt: true })))).toEqual(
      Array(4).fill(MSG.blockedSlotNoReceipt),
    );
  });
});
