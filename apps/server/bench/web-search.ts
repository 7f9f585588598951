import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import type { Browser, Page } from 'playwright-core';
import { summarise } from './measure';
import type { OperationResult } from './run';

/**
 * The header search in the browser (issue 29): from Enter in the search box
 * until the results are on screen — the heading, the first customer and the
 * first appointment the server answered — on the large centre's data, where a
 * surname fills the answer (50 customers, 100 appointments).
 */
export interface WebSearchOptions {
  browser: Browser;
  url: string;
  staffId: number;
  /** A session token of the centre's administrator (the generator's). */
  token: string;
  /** Surnames of the data; each search takes the next, so no answer comes from the page's cache. */
  surnames: string[];
  searches: number;
  warmup: number;
  record: (op: OperationResult) => void;
}

const TIMEOUT_MS = 60_000;
/** The pause before each search, as a person takes one to read the screen. */
const READ_MS = 1000;

interface Expected {
  term: string;
  customer: string;
  nr: string;
  customers: number;
  appointments: number;
}

/** What the screen must show for a term, asked from the API beforehand. */
async function expectedFor(o: WebSearchOptions, term: string): Promise<Expected> {
  const res = await fetch(`${o.url}/api/staff/${o.staffId}/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ queryString: term }),
  });
  if (!res.ok) throw new Error(`Suche antwortet ${res.status}`);
  const { data } = (await res.json()) as {
    data: { customers: { full_name: string }[]; appointments: { customer_appointment_id: number }[] };
  };
  const first = data.appointments[0];
  if (!data.customers[0] || !first) throw new Error(`Keine Treffer für ${term}`);
  return {
    term,
    customer: data.customers[0].full_name,
    nr: displayCustomerAppointmentId(first.customer_appointment_id),
    customers: data.customers.length,
    appointments: data.appointments.length,
  };
}

/** The login answer the web app keeps in localStorage, built from the session behind the token. */
export async function storedSession(o: Pick<WebSearchOptions, 'url' | 'token'>) {
  const res = await fetch(`${o.url}/api/auth/session`, { headers: { authorization: `Bearer ${o.token}` } });
  if (!res.ok) throw new Error(`Sitzung antwortet ${res.status}`);
  const { user } = (await res.json()) as {
    user: { id: number; name: string; email: string; role_id: number; expiration: number; staff_id: number };
  };
  return {
    login: {
      token: o.token,
      name: user.name,
      id: user.id,
      role_id: user.role_id,
      bookly_staff_id: user.staff_id,
      email: user.email,
      testcenter_email: null,
      expiration: user.expiration,
      last_seen_news_item: null,
      error: null,
    },
  };
}

interface PageElement {
  textContent: string | null;
  closest(selector: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
  requestSubmit(): void;
}
interface PageGlobals {
  document: { querySelector(selector: string): PageElement | null; querySelectorAll(s: string): PageElement[] };
  requestAnimationFrame(callback: (now: number) => void): number;
  performance: {
    now(): number;
    clearResourceTimings(): void;
    getEntriesByType(type: 'resource'): { name: string; startTime: number; responseEnd: number }[];
  };
}

/** One search on screen: the whole time, and the search request's share of it (sent until answered). */
interface Shown {
  ms: number;
  requestMs: number;
}

/**
 * Submits the header search form (what Enter in the box does) and resolves
 * with the milliseconds until the first animation frame that shows the
 * heading, the first customer and the first appointment, and those of the
 * search request (resource timing). Measured inside the page, as the
 * appointments list's clicks are (web-appointments.ts). No named inner
 * functions: see web-appointments.ts.
 */
function submitAndWait(page: Page, e: Expected): Promise<Shown> {
  return page.evaluate(
    async ({ e, timeoutMs }) => {
      const { document, requestAnimationFrame, performance } = globalThis as unknown as PageGlobals;
      const box = document.querySelector('input[aria-label="Kunden und Termine suchen"]');
      const form = box?.closest('form');
      if (!form) throw new Error('Suchfeld fehlt');
      const heading = `Suche nach: "${e.term}"`;
      performance.clearResourceTimings();
      const started = performance.now();
      form.requestSubmit();
      for (;;) {
        await new Promise((frame) => requestAnimationFrame(frame));
        const ms = performance.now() - started;
        const h1 = [...document.querySelectorAll('h1')].some((h) => h.textContent === heading);
        const customer = document.querySelector('section[aria-labelledby="search-customers"] tbody tr');
        const appointment = document.querySelector('section[aria-labelledby="search-appointments"]');
        if (
          h1 &&
          (customer?.textContent ?? '').includes(e.customer) &&
          (appointment?.textContent ?? '').includes(e.nr)
        ) {
          const request = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/search'));
          return { ms, requestMs: request ? request.responseEnd - request.startTime : Number.NaN };
        }
        if (ms > timeoutMs) throw new Error(`Ergebnisse für ${e.term} nicht sichtbar nach ${Math.round(ms)} ms`);
      }
    },
    { e, timeoutMs: TIMEOUT_MS },
  );
}

export async function runWebSearchBench(o: WebSearchOptions) {
  const session = await storedSession(o);
  const needed = 2 * (o.searches + o.warmup);
  if (o.surnames.length < needed) throw new Error(`${needed} Nachnamen nötig, ${o.surnames.length} vorhanden`);
  const terms: Expected[] = [];
  for (const term of o.surnames.slice(0, needed)) terms.push(await expectedFor(o, term));
  const context = await o.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
  await context.addInitScript((stored) => {
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'tz.session',
      stored,
    );
  }, JSON.stringify(session));
  const page = await context.newPage();
  const box = page.getByRole('textbox', { name: 'Kunden und Termine suchen' });
  let next = 0;
  // Each term once: a repeated one would come from the page's cache (react-query), not from the server.
  const measureOne = async (from: () => Promise<void>) => {
    const e = terms[next++]!;
    await from();
    // A person reads what is on screen before the next search: the rows still coming in are done.
    await page.waitForTimeout(READ_MS);
    await box.fill(e.term);
    return submitAndWait(page, e);
  };
  const repeat = async (label: string, from: () => Promise<void>) => {
    const samples: Shown[] = [];
    let errors = 0;
    for (let i = 0; i < o.warmup + o.searches; i++) {
      try {
        const shown = await measureOne(from);
        if (i >= o.warmup) samples.push(shown);
      } catch (err) {
        if (i >= o.warmup) errors++;
        console.log(`  Fehler: ${(err as Error).message}`);
      }
    }
    const rows = terms[0]!.customers + terms[0]!.appointments;
    o.record({
      operation: label,
      rows,
      ...summarise(
        samples.map((s) => s.ms),
        errors,
        0,
      ),
    });
    const requests = samples.map((s) => s.requestMs).filter((ms) => !Number.isNaN(ms));
    o.record({ operation: `${label}: its search request`, rows, ...summarise(requests, 0, 0) });
  };
  try {
    await page.goto(`${o.url}/appointments`);
    await box.waitFor();
    // From the appointments screen (the desk's usual one), opened through the sidebar as a person does.
    await repeat('web: search, Enter → results shown (from the appointments screen)', async () => {
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
      await page.waitForURL((u) => u.pathname === '/appointments');
    });
    // One search after the other: the previous results leave the screen.
    await repeat('web: search, Enter → results shown (from the previous results)', async () => {});
  } finally {
    await context.close();
  }
}
