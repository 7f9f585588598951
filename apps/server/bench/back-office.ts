import type { BenchDb } from './bench-db';
import { END_DAY } from './generate';
import { type Figures, timeCalls } from './measure';

/**
 * Issue 21's screens on the large centre: the audit list (first page of the
 * last 30 days, and one appointment's Verlauf), the PCR appointments of a week
 * and the pharmacy's month list. Their data: the audit rows the write loads
 * before wrote (check-in, classification); PCR appointments are the generated
 * ones of the PCR service; prescriptions are made here (ensurePharmacy).
 */
export interface BackOfficeBenchContext {
  url: string;
  staffId: number;
  token: string;
  iterations: number;
  /** An appointment the write loads changed, so its Verlauf has rows. */
  appointmentId: number | undefined;
  record: (operation: string, f: Figures, extra?: Record<string, number | undefined>) => void;
}

/** Prescriptions of the benched centre: one per 100 customers, each with a usage of two products in END_DAY's month. */
export async function ensurePharmacy(db: BenchDb, staffId: number) {
  await db.query('update centres set consumables = true where id = $1', [staffId]);
  const [{ n } = { n: 0 }] = (
    await db.query<{ n: number }>('select count(*)::int as n from pharma_rx where staff_id = $1', [staffId])
  ).rows;
  if (n > 0) return;
  const month = `${END_DAY.slice(0, 7)}-01`;
  await db.query(
    `insert into pharma_rx (staff_id, customer_id, date, start, "end", notes)
     select staff_id, id, $2::date - 20, $2::date - 10, $2::date + 180, 'Dauerverordnung'
     from customers where staff_id = $1 and id % 100 = 0`,
    [staffId, month],
  );
  await db.query(
    `insert into pharma_usages (staff_id, rx_id, date, handover_date)
     select staff_id, id, $2::date + 3, $2::date + 4 from pharma_rx where staff_id = $1`,
    [staffId, month],
  );
  await db.query(
    `insert into pharma_usage_products (staff_id, usage_id, customer_title, customer_price, price, pzn, position)
     select u.staff_id, u.id, p.title, p.cp, p.pr, p.pzn, p.pos from pharma_usages u
     cross join (values ('Inkontinenzvorlagen', 2490, 2092, '04208597', 0), ('Einmalhandschuhe', 890, 748, '01781040', 1))
       as p(title, cp, pr, pzn, pos)
     where u.staff_id = $1`,
    [staffId],
  );
}

export async function runBackOfficeBench(c: BackOfficeBenchContext) {
  const headers = { authorization: `Bearer ${c.token}` };
  const get = async (path: string) => {
    const res = await fetch(`${c.url}/api/staff/${c.staffId}${path}`, { headers });
    const body = (await res.json()) as unknown;
    const rows = Array.isArray(body) ? body.length : ((body as { rows?: unknown[] }).rows?.length ?? 0);
    return { ok: res.ok, rows };
  };
  const days = (back: number) => {
    const d = new Date(`${END_DAY}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - back);
    return d.toISOString().slice(0, 10);
  };
  // Audit rows carry the real time they were written (the write loads above run on the real clock).
  const realDay = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  const monthStart = Date.parse(`${END_DAY.slice(0, 7)}-01T00:00:00+02:00`) / 1000;
  const operations: [string, string][] = [
    ['audit: centre list, 30 days, first page', `/audit?from=${realDay(30)}&till=${realDay(-1)}`],
    ['PCR labs: PCR appointments of a week', `/pcr-labs/appointments?from=${days(6)}&to=${END_DAY}`],
    ['pharmacy: prescriptions of a month', `/pharma/rx?startdate=${monthStart}&enddate=${monthStart + 31 * 86400 - 1}`],
  ];
  if (c.appointmentId) operations.push(["audit: one appointment's Verlauf", `/appointments/${c.appointmentId}/audit`]);
  for (const [label, path] of operations) {
    const { ok, rows } = await get(path);
    if (!ok) throw new Error(`${label}: ${path} answered an error`);
    c.record(label, await timeCalls(async () => (await get(path)).ok, { warmup: 3, iterations: c.iterations }), {
      rows,
    });
  }
}
