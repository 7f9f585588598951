import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { validateOegdForm } from './oegd-form';

describe('official test form rules', () => {
  it('requires a gender', () => {
    expect(validateOegdForm({ gender: 0, kind: 1, kind_num: '' })).toEqual({ gender: MSG.genderRequired });
    expect(validateOegdForm({ gender: 2, kind: 1, kind_num: '' })).toEqual({});
  });

  it('requires exactly 5 digits as KV special number with the regional special agreement', () => {
    for (const bad of ['', '1234', '123456', '12a45']) {
      expect(validateOegdForm({ gender: 1, kind: 3, kind_num: bad }).kind_num).toBe(MSG.kvNumberRequired);
    }
    expect(validateOegdForm({ gender: 1, kind: 3, kind_num: '12345' })).toEqual({});
  });

  it('ignores the special number under the other legal bases', () => {
    expect(validateOegdForm({ gender: 1, kind: 2, kind_num: 'x' })).toEqual({});
  });

  it('lets legal basis and reason pass, as the original does', () => {
    expect(validateOegdForm({ gender: 1, kind: 0, kind_num: '' })).toEqual({});
  });
});
