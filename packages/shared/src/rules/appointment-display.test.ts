import { describe, expect, it } from 'vitest';
import { displayCustomerAppointmentId, isProcessed, isVaccinated } from './appointment-display';
import { neutraliseCsvCell } from './csv-cell';

describe('customer_appointment_id display', () => {
  it('shows only the last 6 digits from 6 digits on', () => {
    expect(displayCustomerAppointmentId(1000123)).toBe('000123');
    expect(displayCustomerAppointmentId('123456')).toBe('123456');
    expect(displayCustomerAppointmentId(987654321)).toBe('654321');
  });

  it('leaves shorter ids unchanged', () => {
    expect(displayCustomerAppointmentId(12345)).toBe('12345');
    expect(displayCustomerAppointmentId(null)).toBe('');
  });
});

describe('processed and vaccinated', () => {
  it('counts a result date or a vaccination id as processed', () => {
    expect(isProcessed({ res_date: null, vaccination_id: null })).toBe(false);
    expect(isProcessed({ res_date: '2024-01-01', vaccination_id: null })).toBe(true);
    expect(isProcessed({ res_date: null, vaccination_id: 3 })).toBe(true);
    expect(isVaccinated({ vaccination_id: 3 })).toBe(true);
    expect(isVaccinated({ vaccination_id: null })).toBe(false);
  });
});

describe('CSV cells', () => {
  it('neutralises formula starts', () => {
    for (const s of ['=1+1', '+49 221', '-5', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCsvCell(s)).toBe(`'${s}`);
    expect(neutraliseCsvCell('Müller')).toBe('Müller');
    expect(neutraliseCsvCell('')).toBe('');
  });
});
