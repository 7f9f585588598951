import { describe, expect, it } from 'vitest';
import { filtersToQuery, INITIAL_FILTERS } from './appointment-filters';

describe('filters to the list request', () => {
  it("sends 'all' and 'any' as null", () => {
    expect(filtersToQuery(INITIAL_FILTERS, false)).toEqual({
      status: null,
      paymentClassification: null,
      service_id: null,
      checkedIn: null,
      performed: null,
      result: null,
      demis_status: null,
      appointment_source: 'customer_appointments',
      source: null,
    });
  });

  it('sends chosen values, ids as numbers', () => {
    const q = filtersToQuery(
      {
        ...INITIAL_FILTERS,
        status: 'cancelled',
        paymentClassification: '31',
        service_id: '7',
        checkedIn: '2',
        result: '2',
        source: 'customer',
      },
      false,
    );
    expect(q).toMatchObject({
      source: 'customer',
      status: 'cancelled',
      paymentClassification: 31,
      service_id: 7,
      checkedIn: '2',
      result: '2',
    });
  });

  it('drops the test-only filters for vaccination centres', () => {
    const q = filtersToQuery(
      { ...INITIAL_FILTERS, result: '2', demis_status: 'reported', paymentClassification: '2', performed: '1' },
      true,
    );
    expect(q).toMatchObject({
      result: null,
      demis_status: null,
      paymentClassification: null,
      appointment_source: null,
      performed: '1',
    });
  });
});
