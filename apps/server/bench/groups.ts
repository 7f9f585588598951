import { CSV_HEADER_LINE, importRequestOf } from '@tz/shared/groups/customer-csv';
import type { BenchDb } from './bench-db';
import { type Figures, summarise } from './measure';
import { memoryOf } from './server-process';

/**
 * The groups area's operations (issue 17): the CSV preview of 10,000 rows
 * (multipart upload, decoding, validation), the final import of those rows
 * into a new group (one transaction, new customers), both with the server's
 * RSS sampled, and bulk appointments for 500 members of a group at one time.
 */
export interface GroupsBenchContext {
  url: string;
  pid: number;
  staffId: number;
  token: string;
  iterations: number;
  record: (operation: string, f: Figures, extra?: Record<string, number | undefined>) => void;
}

export const GROUP_CSV_ROWS = 10_000;

/** Every group this bench creates is named so (`Bench <run> …`); generated data has no groups. */
const BENCH_GROUPS = 'Bench %';

/**
 * Takes out what earlier runs' groups part added to reused data: its groups, their members (50,000
 * customers a run, all new) and the members' appointments. Without it every `--reuse` run met a
 * larger customers table (20,000 → 70,000 after one run at scale 0.1), in the search and the lists.
 */
export async function removeEarlierGroupRuns(
  db: BenchDb,
): Promise<{ customers: number; appointments: number; groups: number }> {
  // One statement (the bench's driver is a pool: no transaction across calls); the foreign keys
  // (no action) are checked at its end, when the members' appointments are gone too.
  const { rows } = await db.query<{ customers: number; appointments: number; groups: number }>(
    `with members as (
       select ci.customer_id from customer_institutions ci
       join institutions i on i.id = ci.institution_id where i.name like $1),
     gone_appointments as (delete from appointments where customer_id in (select customer_id from members) returning 1),
     gone_customers as (delete from customers where id in (select customer_id from members) returning 1),
     gone_groups as (delete from institutions where name like $1 returning 1)
     select (select count(*) from gone_customers)::int as customers,
       (select count(*) from gone_appointments)::int as appointments,
       (select count(*) from gone_groups)::int as groups`,
    [BENCH_GROUPS],
  );
  return rows[0]!;
}

const BULK_MEMBERS = 500;

/** A valid ISO-8859-1 file (as older spreadsheet programs write it) of `rows` people nobody else has. */
export function groupCsv(rows: number, tag: string): Buffer {
  const first = ['Jürgen', 'Änne', 'Björn', 'Grete', 'Sören', 'Käthe', 'Ulf', 'Maß'];
  const lines = [CSV_HEADER_LINE];
  for (let i = 0; i < rows; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
    lines.push(
      `${first[i % first.length]};Bench-${tag}-${i};Hauptstraße ${1 + (i % 150)};${String(10000 + (i % 89999)).padStart(5, '0')};Köln;p${i}@example.org;0221 ${i};${day}.${month}.${1930 + (i % 80)};ID${i}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

export function multipart(content: Buffer) {
  const boundary = '----tzbench';
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kunden.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Runs `f` `times` times while sampling the server's RSS every 20 ms. */
async function sampled(pid: number, times: number, f: (i: number) => Promise<boolean>) {
  const samples: number[] = [];
  let errors = 0;
  const before = memoryOf(pid).rssKb;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rssKb);
  }, 20);
  try {
    for (let i = 0; i < times; i++) {
      const t = performance.now();
      const ok = await f(i);
      samples.push(performance.now() - t);
      if (!ok) errors++;
    }
  } finally {
    clearInterval(timer);
  }
  return { figures: summarise(samples, errors, 0), before, peak };
}

export async function runGroupsBench(c: GroupsBenchContext) {
  const base = `${c.url}/api/staff/${c.staffId}/institutions`;
  const auth = { authorization: `Bearer ${c.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const run = `${Date.now().toString(36)}`;
  const newGroup = async (name: string) => {
    const res = await fetch(base, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ staff_id: c.staffId, name: `Bench ${run} ${name}` }),
    });
    if (!res.ok) throw new Error(`Gruppe nicht angelegt: ${await res.text()}`);
    return ((await res.json()) as { institution: { id: number } }).institution.id;
  };
  const times = Math.max(3, Math.round(c.iterations / 20));

  // Preview: the same file each time (nothing is stored).
  const previewGroup = await newGroup('Vorschau');
  const file = groupCsv(GROUP_CSV_ROWS, `${run}-p`);
  const upload = multipart(file);
  const preview = await sampled(c.pid, times, async () => {
    const res = await fetch(`${base}/${previewGroup}/import/preview`, {
      method: 'POST',
      headers: { ...auth, 'content-type': upload.type },
      body: upload.body,
    });
    const answer = (await res.json()) as { iCount?: number };
    return res.ok && answer.iCount === GROUP_CSV_ROWS;
  });
  c.record('groups: CSV preview, 10,000 rows', preview.figures, {
    rows: GROUP_CSV_ROWS,
    bytes: file.length,
    rss_before_kb: preview.before,
    rss_peak_during_kb: preview.peak,
  });

  // Final import: each time new people into a new group (the rows of the preview answer, as the screen sends them).
  const bodies: { id: number; body: string }[] = [];
  for (let i = 0; i < times; i++) {
    const id = await newGroup(`Import ${i}`);
    const res = await fetch(`${base}/${id}/import/preview`, {
      method: 'POST',
      headers: { ...auth, 'content-type': upload.type },
      body: multipart(groupCsv(GROUP_CSV_ROWS, `${run}-i${i}`)).body,
    });
    const { oImportInfo } = (await res.json()) as { oImportInfo: { aHeader: string[]; aaData: string[][] } };
    bodies.push({
      id,
      body: JSON.stringify({ staff_id: c.staffId, institution_id: id, ...importRequestOf(oImportInfo) }),
    });
  }
  const imported = await sampled(c.pid, times, async (i) => {
    const res = await fetch(`${base}/${bodies[i]!.id}/import`, {
      method: 'POST',
      headers: json,
      body: bodies[i]!.body,
    });
    const answer = (await res.json()) as { iCountImported?: number };
    return res.ok && answer.iCountImported === GROUP_CSV_ROWS;
  });
  c.record('groups: final import, 10,000 new customers', imported.figures, {
    rows: GROUP_CSV_ROWS,
    bytes: bodies[0]!.body.length,
    rss_before_kb: imported.before,
    rss_peak_during_kb: imported.peak,
  });

  // Bulk appointments: 500 members of the first imported group at one time, a new time each round.
  // The group page lists its members page by page (at most 200 a page).
  const members: number[] = [];
  for (let page = 1; members.length < BULK_MEMBERS; page++) {
    const res = await fetch(`${base}/${bodies[0]!.id}?per_page=200&page=${page}`, { headers: auth });
    const { aoCustomers } = (await res.json()) as { aoCustomers: { id: number }[] };
    if (aoCustomers.length === 0) break;
    members.push(...aoCustomers.map((m) => m.id));
  }
  members.splice(BULK_MEMBERS);
  const services = (await (await fetch(`${c.url}/api/staff/${c.staffId}/services`, { headers: auth })).json()) as {
    id: number;
    active: boolean;
  }[];
  const serviceId = services.find((s) => s.active)?.id;
  if (!serviceId) throw new Error('Keine aktive Dienstleistung für die Gruppentermine');
  // Far in the future, so no run meets the past; overbook, since no generated service has 500 places.
  const bulk = await sampled(c.pid, times, async (i) => {
    const res = await fetch(`${base}/${bodies[0]!.id}/appointments`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        staff_id: c.staffId,
        institution_id: bodies[0]!.id,
        service_id: serviceId,
        aSelectedCustomer: members,
        sSelectedDateTime: `2099-03-${String(2 + (i % 25)).padStart(2, '0')} 09:00`,
        overbook: true,
      }),
    });
    return res.ok;
  });
  c.record('groups: bulk appointments, 500 members', bulk.figures, { rows: members.length });
}
