import { germanDate } from '@tz/shared/rules/german-date';
import { type Figures, timeCalls } from './measure';

/**
 * The search area's operations (issue 20): the header search for a surname,
 * the same surname with a typo, a birthday DD.MM.YYYY and an appointment
 * number, on the large centre (budget p95 ≤ 50 ms on PostgreSQL). The terms
 * come from one appointment of the day list, so they exist in the data.
 */
export interface SearchBenchContext {
  url: string;
  staffId: number;
  token: string;
  iterations: number;
  /** One row of the day's list: whose name, birthday and number are searched. */
  sample: { customer_lastname: string; customer_birthday: string | null; customer_appointment_id: number };
  record: (operation: string, f: Figures, extra?: Record<string, number | undefined>) => void;
}

/** Two neighbouring letters swapped in the middle: a typical typo. */
const typo = (s: string) => {
  const i = Math.max(1, Math.floor(s.length / 2) - 1);
  return s.length < 4 ? s : `${s.slice(0, i)}${s[i + 1]}${s[i]}${s.slice(i + 2)}`;
};

export async function runSearchBench(c: SearchBenchContext) {
  const url = `${c.url}/api/staff/${c.staffId}/search`;
  const headers = { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' };
  const searchFor = async (queryString: string) => {
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ queryString }) });
    const body = (await res.json()) as { data?: { customers: unknown[]; appointments: unknown[] } };
    return { ok: res.ok, rows: (body.data?.customers.length ?? 0) + (body.data?.appointments.length ?? 0) };
  };
  const terms: [string, string][] = [
    ['search: surname', c.sample.customer_lastname],
    ['search: surname with a typo', typo(c.sample.customer_lastname)],
    ['search: birthday', germanDate(c.sample.customer_birthday)],
    ['search: appointment number', String(c.sample.customer_appointment_id)],
  ];
  for (const [label, term] of terms) {
    if (!term) continue;
    const { rows } = await searchFor(term);
    c.record(label, await timeCalls(async () => (await searchFor(term)).ok, { warmup: 3, iterations: c.iterations }), {
      rows,
    });
  }
}
