import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_LETTERS, FOLD_SEQUENCES, FOLD_TO, foldForSearch } from './search-fold';

describe('search fold', () => {
  it('keeps the German rule: umlauts spelled out, ß as ss, in any case', () => {
    expect(foldForSearch('Müller')).toBe('mueller');
    expect(foldForSearch('MÜLLER')).toBe('mueller');
    expect(foldForSearch('Mueller')).toBe('mueller');
    expect(foldForSearch('Groß')).toBe(foldForSearch('GROSS'));
    expect(foldForSearch('GROẞ')).toBe('gross');
    expect(foldForSearch('Öztürk Äbi')).toBe('oeztuerk aebi');
  });

  it('folds every other Latin accent to its base letter', () => {
    expect(foldForSearch('José Núñez')).toBe('jose nunez');
    expect(foldForSearch('Łukasz Żółć')).toBe('lukasz zolc');
    expect(foldForSearch('François Çelik')).toBe('francois celik');
    expect(foldForSearch('Dvořák Šťastný Čapek')).toBe('dvorak stastny capek');
    expect(foldForSearch('Erdős Győző Széchenyi')).toBe('erdos gyozo szechenyi');
    expect(foldForSearch('Søren Ångström Ærø')).toBe('soren angstroem aero');
    expect(foldForSearch('Đorđević Þórdís Guðrún')).toBe('dordevic thordis gudrun');
    expect(foldForSearch('Œuvre Ĳssel')).toBe('oeuvre ijssel');
    expect(foldForSearch('İlhan Işık Ştefan Țurcanu')).toBe('ilhan isik stefan turcanu');
    expect(foldForSearch('Nguyễn Thị Ánh')).toBe('nguyen thi anh');
  });

  it('reads a decomposed accent (letter + combining mark) as the composed letter', () => {
    expect(foldForSearch('Jose\u0301')).toBe(foldForSearch('José'));
    expect(foldForSearch('Mu\u0308ller')).toBe('mueller');
    expect(foldForSearch('MU\u0308LLER')).toBe('mueller');
  });

  it('makes white space one space, none at the ends', () => {
    expect(foldForSearch('  Anna\u00a0\tMaria \n')).toBe('anna maria');
    expect(foldForSearch('\u3000')).toBe('');
  });

  it('lowers letter by letter, so a final Σ folds like a final ς', () => {
    expect(foldForSearch('ΟΔΟΣ')).toBe(foldForSearch('Οδος'));
  });

  it("has a base letter for every letter of the table, that letter's own when Unicode decomposes it to one", () => {
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length);
    expect(new Set(FOLD_FROM).size).toBe([...FOLD_FROM].length);
    for (const [letters, base] of FOLD_LETTERS) {
      for (const letter of letters) {
        const decomposed = letter.normalize('NFD').replace(/\p{M}/gu, '');
        if (/^[a-z]$/i.test(decomposed)) expect(decomposed.toLowerCase(), letter).toBe(base);
        expect(foldForSearch(letter), letter).toBe(base);
      }
    }
    for (const [from] of FOLD_SEQUENCES) expect(FOLD_FROM).not.toContain(from);
  });

  it('leaves no Latin letter with an accent behind, and changes nothing of plain a–z', () => {
    for (let code = 0xc0; code <= 0x24f; code++) {
      const letter = String.fromCodePoint(code);
      const folded = foldForSearch(letter);
      const base = letter.normalize('NFD').replace(/\p{M}/gu, '');
      if (base !== letter && /^[a-z]$/i.test(base)) expect(folded, letter).toMatch(/^[a-z]{1,2}$/);
    }
    expect(foldForSearch('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopqrstuvwxyz');
  });
});
