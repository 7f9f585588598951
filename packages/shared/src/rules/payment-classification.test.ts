import { describe, expect, it } from 'vitest';
import {
  isClassificationAssignable,
  isClassificationSelectable,
  isInsideWindow,
  requiresCheckedBy,
} from './payment-classification';

const window = { id: 5, active: true, active_from: '2024-03-01', active_till: '2024-03-31' };

describe('classification window', () => {
  it('is outside on the first and on the last day of the window', () => {
    expect(isInsideWindow('2024-03-01', '2024-03-01', '2024-03-31')).toBe(false);
    expect(isInsideWindow('2024-03-31', '2024-03-01', '2024-03-31')).toBe(false);
  });

  it('is inside one day after the start and one day before the end', () => {
    expect(isInsideWindow('2024-03-02', '2024-03-01', '2024-03-31')).toBe(true);
    expect(isInsideWindow('2024-03-30', '2024-03-01', '2024-03-31')).toBe(true);
  });

  it('is outside before and after the window', () => {
    expect(isInsideWindow('2024-02-15', '2024-03-01', '2024-03-31')).toBe(false);
    expect(isInsideWindow('2024-04-15', '2024-03-01', '2024-03-31')).toBe(false);
  });

  it('does not restrict where a bound is missing', () => {
    expect(isInsideWindow('1999-01-01', null, null)).toBe(true);
    expect(isInsideWindow('2030-01-01', '2024-03-01', null)).toBe(true);
    expect(isInsideWindow('2024-03-01', '2024-03-01', null)).toBe(false);
    expect(isInsideWindow('2000-01-01', null, '2024-03-31')).toBe(true);
    expect(isInsideWindow('2024-03-31', null, '2024-03-31')).toBe(false);
  });
});

describe('selectable and assignable', () => {
  it('offers an active classification inside its window', () => {
    expect(isClassificationSelectable(window, '2024-03-10', null)).toBe(true);
    expect(isClassificationAssignable(window, '2024-03-10')).toBe(true);
  });

  it('offers an inactive one only while it is the current selection', () => {
    const inactive = { ...window, active: false };
    expect(isClassificationSelectable(inactive, '2024-03-10', null)).toBe(false);
    expect(isClassificationSelectable(inactive, '2024-03-10', 5)).toBe(true);
    expect(isClassificationAssignable(inactive, '2024-03-10')).toBe(false);
  });

  it('never offers one outside its window, not even the current one', () => {
    expect(isClassificationSelectable(window, '2024-03-31', 5)).toBe(false);
    expect(isClassificationAssignable(window, '2024-03-01')).toBe(false);
  });

  it('requires the checked-by confirmation only above id 30', () => {
    expect(requiresCheckedBy(30)).toBe(false);
    expect(requiresCheckedBy(31)).toBe(true);
    expect(requiresCheckedBy(null)).toBe(false);
  });
});
