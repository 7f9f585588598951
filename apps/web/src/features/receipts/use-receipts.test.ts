import { describe, expect, it } from 'vitest';
import { receiptAddress } from './use-receipts';

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
