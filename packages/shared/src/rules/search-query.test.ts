import { describe, expect, it } from 'vitest';
import { foldForSearch } from './search-fold';
import { searchTerms } from './search-query';

describe('search terms', () => {
  it('folds umlauts and ß so Müller = Mueller and Groß = Gross', () => {
    expect(foldForSearch('Müller')).toBe(foldForSearch('Mueller'));
    expect(foldForSearch('GROSS')).toBe(foldForSearch('Groß'));
    expect(foldForSearch('  Öztürk   Äbi ')).toBe('oeztuerk aebi');
  });

  it('reads a name', () => {
    expect(searchTerms('Jürgen Groß')).toMatchObject({ name: 'juergen gross', birthday: null, phone: null });
  });

  it('reads a birthday DD.MM.YYYY and nothing else from it', () => {
    expect(searchTerms('08.03.1962')).toMatchObject({ birthday: '1962-03-08', name: null, appointmentNumber: null });
    expect(searchTerms('31.02.1962').birthday).toBeNull();
  });

  it('reads an email address', () => {
    expect(searchTerms('Juergen.Gross@Example.org')).toMatchObject({ email: 'juergen.gross@example.org', name: null });
  });

  it('reads digits as appointment number and, from 5 digits on, as phone', () => {
    expect(searchTerms('1000042')).toMatchObject({ appointmentNumber: 1000042, phone: '1000042' });
    expect(searchTerms('42')).toMatchObject({ appointmentNumber: 42, phone: null });
    expect(searchTerms('+49 170 123-456')).toMatchObject({ phone: '49170123456', appointmentNumber: null });
  });

  it('keeps the text as it is for the token', () => {
    expect(searchTerms(' tok-AbC ').token).toBe('tok-AbC');
  });
});
