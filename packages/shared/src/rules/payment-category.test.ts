import { describe, expect, it } from 'vitest';
import { SELF_PAYER_CLASSIFICATION_ID } from '../constants';
import { isChargeable, type PaymentFacts, paymentCategory } from './payment-category';

const performed: PaymentFacts = {
  status: 'approved',
  should_block_slot: false,
  res_date: '2026-06-16T08:20:00.000Z',
  payment_class_id: 2,
  price: 0,
};

describe('chargeable under the TestV', () => {
  it('is a performed test with a paid legal basis', () => {
    expect(isChargeable(performed)).toBe(true);
    expect(isChargeable({ ...performed, price: 300 })).toBe(true);
  });
  it('is not a self-payer, a test without classification, without result, cancelled or a blocked slot', () => {
    expect(isChargeable({ ...performed, payment_class_id: SELF_PAYER_CLASSIFICATION_ID })).toBe(false);
    expect(isChargeable({ ...performed, payment_class_id: null })).toBe(false);
    expect(isChargeable({ ...performed, res_date: null })).toBe(false);
    expect(isChargeable({ ...performed, status: 'cancelled' })).toBe(false);
    expect(isChargeable({ ...performed, should_block_slot: true })).toBe(false);
  });
});

describe('payment category', () => {
  it('tells self-payers, free tests, own contributions and tests without legal basis apart', () => {
    expect(paymentCategory({ payment_class_id: SELF_PAYER_CLASSIFICATION_ID, price: 1500 })).toBe('self_payer');
    expect(paymentCategory({ payment_class_id: SELF_PAYER_CLASSIFICATION_ID, price: 0 })).toBe('self_payer');
    expect(paymentCategory({ payment_class_id: null, price: 1500 })).toBe('self_payer');
    expect(paymentCategory({ payment_class_id: 2, price: 0 })).toBe('free');
    expect(paymentCategory({ payment_class_id: 6, price: 300 })).toBe('contribution');
    expect(paymentCategory({ payment_class_id: null, price: 0 })).toBe('none');
  });
});
