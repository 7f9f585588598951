import type { CheckInForm } from '@tz/shared/forms/forms.contract';
import { germanDate } from '@tz/shared/rules/german-date';

/**
 * The labelled customer data at the top of the questionnaire. A value that is
 * not known (a birthday never entered) is left out rather than shown as an
 * empty label.
 */
export function personFields(user: CheckInForm['user']): [label: string, value: string][] {
  const fields: [string, string][] = [
    ['Vorname', user.first_name.trim()],
    ['Nachname', user.last_name.trim()],
    ['Geburtsdatum', user.birthday ? germanDate(user.birthday) : ''],
  ];
  return fields.filter(([, value]) => value !== '');
}
