import { describe, expect, it } from 'vitest';
import { to } from './routes';

describe('to()', () => {
  it('fills parameters', () => {
    expect(to('appointmentEdit', { appointment_id: 5, customer_id: 7 })).toBe('/appointments/5/7/edit');
  });
  it('drops optional parameters that are missing', () => {
    expect(to('settings')).toBe('/settings');
    expect(to('settings', { focus: 'demis' })).toBe('/settings/demis');
  });
  it('refuses a missing required parameter', () => {
    expect(() => to('users')).toThrow();
  });
});
