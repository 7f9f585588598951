import { describe, expect, it } from 'vitest';
import { personFields } from './person-fields';

describe('personFields', () => {
  it('shows name and birthday in German form', () => {
    expect(personFields({ first_name: 'Frieda', last_name: 'Fragebogen', birthday: '1985-04-12' })).toEqual([
      ['Vorname', 'Frieda'],
      ['Nachname', 'Fragebogen'],
      ['Geburtsdatum', '12.04.1985'],
    ]);
  });

  it('leaves an unknown birthday out instead of showing an empty label', () => {
    const fields = personFields({ first_name: 'Frieda', last_name: 'Fragebogen', birthday: null });
    expect(fields.map(([label]) => label)).toEqual(['Vorname', 'Nachname']);
  });
});
