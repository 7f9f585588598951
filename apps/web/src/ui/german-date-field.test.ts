import { dateNotAfter, dateNotBefore, MSG } from '@tz/shared/messages';
import { PHARMA_MSG } from '@tz/shared/pharma/pharma.contract';
import { describe, expect, it } from 'vitest';
import {
  DATE,
  DATE_TIME,
  dateFieldProblem,
  dateTimeFieldProblem,
  shownText,
  textOnLeave,
  valueOfText,
  visibleProblem,
} from './german-date-field';

/** What the field shows and holds after the person typed `text`, as german-date-input.tsx does. */
const type = (text: string, kind = DATE) => {
  const value = valueOfText(kind, text);
  return { value, shown: shownText(kind, text, value) };
};

describe('a typed date', () => {
  it('becomes the date, and is written out once the field is left', () => {
    expect(type('24.12.2026')).toEqual({ value: '2026-12-24', shown: '24.12.2026' });
    expect(type('1.2.2027')).toEqual({ value: '2027-02-01', shown: '1.2.2027' });
    expect(textOnLeave(DATE, '1.2.2027')).toBe('01.02.2027');
  });

  it('that is no date stays exactly as typed, also after leaving, and is refused with the reason', () => {
    for (const text of ['31.02.2027', '22.11.', 'morgen', '2027-02-31']) {
      expect(type(text)).toEqual({ value: text, shown: text });
      expect(textOnLeave(DATE, text)).toBe(text);
      expect(dateFieldProblem(type(text).value)).toBe(MSG.typedDateInvalid);
    }
  });

  it('half typed is no date yet; its reason waits until the field is left and stays until it is changed', () => {
    const { value } = type('22.11.20');
    expect(value).toBe('22.11.20');
    expect(visibleProblem(dateFieldProblem(value), value, { typing: true, touched: false })).toBeNull();
    expect(visibleProblem(dateFieldProblem(value), value, { typing: false, touched: true })).toBe(MSG.typedDateInvalid);
  });
});

describe('a date refused by a rule', () => {
  it('keeps the date and names the form’s reason (the prescription’s end before its start)', () => {
    const end = type('22.11.2026');
    expect(end.value).toBe('2026-11-22');
    expect(end.shown).toBe('22.11.2026');
    const rules = { min: '2026-11-27', minMessage: PHARMA_MSG.endBeforeStart };
    expect(dateFieldProblem(end.value, rules)).toBe(PHARMA_MSG.endBeforeStart);
    expect(dateFieldProblem('2026-11-27', rules)).toBeNull();
  });

  it('names the earliest or latest day when the form gives no reason of its own', () => {
    expect(dateFieldProblem('2026-11-22', { min: '2026-11-27' })).toBe(dateNotBefore('27.11.2026'));
    expect(dateFieldProblem('2026-11-28', { max: '2026-11-27' })).toBe(dateNotAfter('27.11.2026'));
  });

  it('is shown as soon as another field makes it wrong, even if this one was never touched', () => {
    const problem = dateFieldProblem('2026-11-22', { min: '2026-11-27' });
    expect(visibleProblem(problem, '2026-11-22', { typing: false, touched: false })).toBe(problem);
  });

  it('ignores a rule whose own field holds no date yet', () => {
    expect(dateFieldProblem('2026-11-22', { min: '27.11.' })).toBeNull();
  });
});

describe('a picked date', () => {
  it('replaces whatever was typed', () => {
    const picked = DATE.withDay('31.02.2027', '2027-02-28');
    expect(picked).toBe('2027-02-28');
    expect(shownText(DATE, '31.02.2027', picked)).toBe('28.02.2027');
  });

  it('keeps the time of a date-time field', () => {
    expect(DATE_TIME.withDay('2026-11-27T15:04', '2026-11-26')).toBe('2026-11-26T15:04');
    expect(DATE_TIME.withDay(null, '2026-11-26')).toBe('2026-11-26T00:00');
    expect(DATE_TIME.withDay('26.11.2026 25:00', '2026-11-26')).toBe('2026-11-26T00:00');
  });
});

describe('a cleared field', () => {
  it('holds nothing, which only a required field refuses, once it was left', () => {
    expect(type('')).toEqual({ value: null, shown: '' });
    expect(type('   ').value).toBeNull();
    expect(dateFieldProblem(null)).toBeNull();
    expect(dateFieldProblem('')).toBeNull();
    expect(dateFieldProblem(null, { required: true })).toBe(MSG.dateRequired);
    expect(visibleProblem(MSG.dateRequired, null, { typing: false, touched: false })).toBeNull();
    expect(visibleProblem(MSG.dateRequired, null, { typing: false, touched: true })).toBe(MSG.dateRequired);
  });

  it('when the form resets it, shows the form’s value instead of the text typed before', () => {
    expect(shownText(DATE, '15.08.2026', null)).toBe('');
    expect(shownText(DATE, '15.08.2026', '')).toBe('');
    expect(shownText(DATE, '', '2026-08-15')).toBe('15.08.2026');
  });
});

describe('a date-time field', () => {
  it('reads and writes TT.MM.JJJJ HH:mm (24 h)', () => {
    expect(type('27.11.2026 15:04', DATE_TIME)).toEqual({ value: '2026-11-27T15:04', shown: '27.11.2026 15:04' });
    expect(shownText(DATE_TIME, '', '2026-11-27T03:04')).toBe('27.11.2026 03:04');
    expect(textOnLeave(DATE_TIME, '27.11.2026 3:04')).toBe('27.11.2026 03:04');
  });

  it('keeps a text that is no date and time, with its reason', () => {
    const { value, shown } = type('11/27/2026, 03:04 AM', DATE_TIME);
    expect(shown).toBe('11/27/2026, 03:04 AM');
    expect(dateTimeFieldProblem(value)).toBe(MSG.typedDateTimeInvalid);
    expect(dateTimeFieldProblem(type('27.11.2026', DATE_TIME).value)).toBe(MSG.typedDateTimeInvalid);
  });
});
