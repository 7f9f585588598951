import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, fieldPath, joinMessages } from './field-errors';

describe('field errors of an error body', () => {
  it('takes the {field, message} entries of details and nothing else', () => {
    expect(fieldErrorsOf([{ field: 'a.0.b', message: 'x' }, { field: 1 }, 'y', null])).toEqual([
      { field: 'a.0.b', message: 'x' },
    ]);
    expect(fieldErrorsOf({ status: 502 })).toEqual([]);
    expect(fieldErrorsOf(undefined)).toEqual([]);
  });

  it('builds paths from parts', () => {
    expect(fieldPath('schedule_items', 1, 'break.0.start_time')).toBe('schedule_items.1.break.0.start_time');
    expect(fieldPath('date', 0)).toBe('date.0');
  });

  it('joins distinct messages into sentences', () => {
    expect(joinMessages(['Montag: A.', 'Montag: A.', 'B', '', 'C!'])).toBe('Montag: A. B. C!');
  });
});
