import type { Question } from '@tz/shared/forms/forms.contract';
import { germanDate } from '@tz/shared/rules/german-date';

/** An answer as a person reads it: Ja/Nein, German dates, option labels. */
export function displayAnswer(q: Pick<Question, 'type' | 'options'>, value: string | undefined): string {
  if (value === undefined || value === '') return 'keine Angabe';
  switch (q.type) {
    case 'boolean':
      return value === 'true' ? 'Ja' : value === 'false' ? 'Nein' : value;
    case 'date':
      return germanDate(value);
    case 'select':
    case 'testv':
      return q.options.find((o) => String(o.id) === value)?.value ?? value;
    case 'number':
      return value.replace('.', ',');
    default:
      return value;
  }
}
