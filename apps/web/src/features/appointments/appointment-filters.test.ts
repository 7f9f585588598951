import { describe, expect, it } from 'vitest';
import { activeFilters, filterFields, filtersToQuery, INITIAL_FILTERS } from './appointment-filters';

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

describe('the filter line', () => {
  const options = {
    centre_type: '1',
    force_payment_classification: false,
    pcr_labs: [],
    services: [{ id: 7, title: 'PCR-Test', active: false, test_type: null, service_test_v: 0 }],
    inactive_service_appointments: 0,
  };
  const classifications = [
    {
      id: 31,
      label: 'Besuch in Pflegeeinrichtungen',
      description: null,
      danger: null,
      active: true,
      active_from: null,
      active_till: null,
    },
  ];

  it('shows nothing while every filter has its first value', () => {
    expect(activeFilters(INITIAL_FILTERS, filterFields(options, classifications, false))).toEqual([]);
  });

  it('names each set filter with its label and the chosen word, in the order of the selects', () => {
    const f = { ...INITIAL_FILTERS, service_id: '7', status: 'cancelled', paymentClassification: '31' };
    expect(activeFilters(f, filterFields(options, classifications, false)).map((a) => a.text)).toEqual([
      'Status: Storniert',
      'Zahlungsklassifikation: Besuch in Pflegeeinrichtungen',
      'Dienstleistung: PCR-Test (inaktiv)',
    ]);
    expect(
      activeFilters({ ...INITIAL_FILTERS, appointment_source: 'result' }, filterFields(options, [], false)),
    ).toEqual([{ key: 'appointment_source', text: 'Zeitraum bezieht sich auf: Termine mit Ergebnis' }]);
  });

  it('leaves out the test-only filters of a vaccination centre, as the request does', () => {
    const f = { ...INITIAL_FILTERS, result: '2', performed: '1' };
    expect(activeFilters(f, filterFields(options, [], true)).map((a) => a.text)).toEqual(['Geimpft: Ja']);
  });
});
