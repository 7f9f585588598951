import type { SearchTerms } from '@tz/shared/rules/search-query';
import { and, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { appointments } from '../../db/schema/appointments';
import { centres } from '../../db/schema/centres';
import { customers } from '../../db/schema/customers';
import { appointmentRows } from '../appointments/appointments.repository';
import { customerColumns } from '../customers/customers.repository';

/** The folded full name: the stored column of the trigram index customers_name_fold_trgm_idx (0021). */
const foldedName = customers.name_fold;
const digitsOf = (col: SQL | typeof customers.phone) => sql`search_digits(${col})`;

/** LIKE wildcards in a search text are literal characters. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The score of a whole name part for an exact hit (the folded first or last name is the word). Every other
 * score stays below it: a part or name with a word that begins with the search word (`Beckmann`, `Beck-Huber`,
 * `van Beck`) scores 1 + word similarity (at most 2), anything else — the word inside (`Oberbeck`), a typo — its
 * word similarity (at most 1). pg_trgm alone gave `Beck-Huber` the exact hit's 1, and newer customers won the tie.
 */
export const EXACT_SCORE = 3;

/**
 * The score of `name` (a folded name part or full name) for the folded search word `word`, whose LIKE
 * pattern `word%` is `start`; `exact` says when it is an exact hit. See EXACT_SCORE.
 */
function nameScore(name: SQLWrapper, word: SQLWrapper | string, start: SQLWrapper | string, exact: SQL) {
  return sql`case when ${exact} then ${EXACT_SCORE}::real
    when ${name} like ${start} or ${name} like ('% ' || ${start}) or ${name} like ('%-' || ${start})
      then 1 + word_similarity(${word}, ${name})
    else word_similarity(${word}, ${name}) end`;
}

/** `word%`, the LIKE pattern of a name (or a word in it) beginning with the word. */
const startsWith = (word: string) => `${likeEscape(word)}%`;

/** A German number written with the country code or with the trunk 0: both forms. */
function phoneVariants(digits: string): string[] {
  if (digits.startsWith('49')) return [digits, `0${digits.slice(2)}`];
  if (digits.startsWith('0') && !digits.startsWith('00')) return [digits, `49${digits.slice(1)}`];
  return [digits];
}

/**
 * Customers of one centre matching any meaning of the search text, best first
 * (EXACT_SCORE for an exact first or last name, birthday, email or phone; then
 * names with a word beginning with the search word; then the word inside a name
 * and typos, by word similarity), then newest. The conditions each use an index: the trigram index
 * on the folded name (substring and typo), (staff_id, birthday),
 * (staff_id, lower(email)), (staff_id, search_digits(phone)).
 */
export async function searchCustomers(db: DbOrTx, staffId: number, t: SearchTerms, limit: number) {
  return db.transaction(async (tx) => {
    // Swapped letters (Schnieder for Schneider) score about 0.43; pg_trgm's default of 0.6 would miss them.
    // Local to this transaction, so the connection keeps its default.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    // One word (a surname, a first name, a fragment): compared with each name part, see byNamePart.
    const words = t.name ? t.name.split(/\s+/).filter(Boolean) : [];
    if (words.length === 1) {
      const found = await byNamePart(tx, staffId, words[0]!, limit);
      if (found) return found;
    }
    // Several words ("Anna Müller", "Müller Anna", "van der Berg"): each must match a name part.
    if (words.length > 1 && words.length <= MAX_NAME_WORDS) {
      const found = await byNameWords(tx, staffId, words, limit);
      if (found.length > 0) return found;
    }
    if (t.name) {
      // Exact surnames first (score 1, newest first): when they fill the page, nothing else can rank higher.
      const exact = await tx
        .select({ ...customerColumns, score: sql<number>`${EXACT_SCORE}::real` })
        .from(customers)
        .where(and(eq(customers.staff_id, staffId), eq(customers.last_fold, t.name)))
        .orderBy(desc(customers.id))
        .limit(limit);
      if (exact.length === limit) return exact;
    }
    return customersQuery(tx, staffId, t, limit);
  });
}

/** At least this many name parts are scored customers; with their ties (see byNamePart). */
const NAME_PARTS = 2 * 50;

/**
 * A one-word search through the centre's distinct name parts (customer_name_parts, 0021): the parts
 * containing the word or similar to it are scored (a few thousand at most, where scoring every
 * customer with a similar name meant tens of thousands), then the newest customers of the best
 * parts are taken. A customer's score is that of its better part (nameScore).
 *
 * Exact when it answers: the best NAME_PARTS parts (with ties) are taken; if parts were left out,
 * the answer is only exact when the taken ones filled the page (each left-out part scores lower
 * than every customer found). Otherwise — or when nothing was found, as parts of renamed customers
 * stay behind — `null`, and the caller searches the customers themselves.
 */
async function byNamePart(tx: DbOrTx, staffId: number, word: string, limit: number) {
  const parts = Math.max(NAME_PARTS, 2 * limit);
  const found = rowsOf<CustomerHit & { left_out: number }>(
    await tx.execute(sql`with matching as (
        select p.name, ${nameScore(sql`p.name`, word, startsWith(word), sql`p.name = ${word}`)} as s
        from customer_name_parts p
        where p.staff_id = ${staffId} and (p.name like ${`%${likeEscape(word)}%`} or p.name %> ${word})),
      chosen as (
        select name, s from matching
        where s >= coalesce((select s from matching order by s desc offset ${parts - 1} limit 1), 0)),
      hits as (
        select x.id, max(ch.s) as s from chosen ch cross join lateral (
          (select c.id from customers c where c.staff_id = ${staffId} and c.last_fold = ch.name
            order by c.id desc limit ${limit})
          union all
          (select c.id from customers c where c.staff_id = ${staffId} and c.first_fold = ch.name
            order by c.id desc limit ${limit})) x
        group by x.id)
      select hits.id, hits.s as score,
        (select count(*) from matching)::int - (select count(*) from chosen)::int as left_out
      from hits order by hits.s desc, hits.id desc limit ${limit}`),
  );
  const complete = found.length > 0 && (found.length === limit || found[0]!.left_out === 0);
  if (!complete) return null;
  return withColumns(tx, found);
}

/** The customers of the hits, in the hits' order, with their score. */
async function withColumns(tx: DbOrTx, found: CustomerHit[]) {
  if (found.length === 0) return [];
  const rows = await tx
    .select(customerColumns)
    .from(customers)
    .where(
      inArray(
        customers.id,
        found.map((f) => f.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return found.map((f) => ({ ...byId.get(f.id)!, score: Number(f.score) }));
}

/** Longer texts are scored as whole names (the words then rarely stand for parts). */
const MAX_NAME_WORDS = 4;

/**
 * A search of several words: every word must match the customer's first or last name part (contain
 * it or be similar, as for one word), in any order; a customer's score is the mean of each word's best
 * part score. The candidates are the customers of the longest word's parts (the rarest, as a rule)
 * that bear another word's part too, read from the name indexes alone (INCLUDE, 0021): no customer is
 * scored who merely shares a common first name or surname. Complete: every customer matching
 * every word bears one of the longest word's parts. An empty answer (a word no name has, "Dr.")
 * leaves the text to the whole-name search.
 */
async function byNameWords(tx: DbOrTx, staffId: number, words: string[], limit: number) {
  const anchor = words.reduce((best, w, i) => (w.length > words[best]!.length ? i : best), 0);
  const list = sql.join(
    words.map((w, i) => sql`(${i}, ${w}, ${`%${likeEscape(w)}%`}, ${startsWith(w)})`),
    sql`, `,
  );
  const found = rowsOf<CustomerHit>(
    await tx.execute(sql`with words(i, w, pattern, start) as (values ${list}),
      matched as materialized (
        select wd.i, p.name, ${nameScore(sql`p.name`, sql`wd.w`, sql`wd.start`, sql`p.name = wd.w`)} as s
        from words wd cross join lateral (
          select p.name from customer_name_parts p
          where p.staff_id = ${staffId} and (p.name like wd.pattern or p.name %> wd.w)) p),
      others as (select name from matched where i <> ${anchor}),
      candidates as (
        select c.id, c.first_fold, c.last_fold from customers c
        where c.staff_id = ${staffId} and c.last_fold in (select name from matched where i = ${anchor})
          and (c.first_fold in (select name from others) or c.last_fold in (select name from others))
        union
        select c.id, c.first_fold, c.last_fold from customers c
        where c.staff_id = ${staffId} and c.first_fold in (select name from matched where i = ${anchor})
          and (c.first_fold in (select name from others) or c.last_fold in (select name from others))),
      hits as (
        select cd.id, m.i, m.s from candidates cd join matched m on m.name = cd.first_fold
        union all
        select cd.id, m.i, m.s from candidates cd join matched m on m.name = cd.last_fold),
      per_word as (select id, i, max(s) as best from hits group by id, i)
      select id, avg(best)::real as score from per_word group by id having count(*) = ${words.length}
      order by score desc, id desc limit ${limit}`),
  );
  return withColumns(tx, found);
}

interface CustomerHit {
  id: number;
  score: number;
}

/** The lowest word similarity of a name that counts as a match (typo tolerance). */
export const WORD_SIMILARITY = 0.4;

function customersQuery(db: DbOrTx, staffId: number, t: SearchTerms, limit: number) {
  const conditions: SQL[] = [];
  const scores: SQL[] = [sql`0::real`];
  if (t.name) {
    conditions.push(sql`${foldedName} like ${`%${likeEscape(t.name)}%`}`, sql`${foldedName} %> ${t.name}`);
    scores.push(
      nameScore(
        foldedName,
        t.name,
        startsWith(t.name),
        sql`${customers.last_fold} = ${t.name} or ${customers.first_fold} = ${t.name} or ${foldedName} = ${t.name}
          or ${customers.last_fold} || ' ' || ${customers.first_fold} = ${t.name}`,
      ),
    );
  }
  if (t.birthday) {
    conditions.push(sql`${customers.birthday} = ${t.birthday}`);
    scores.push(sql`case when ${customers.birthday} = ${t.birthday} then ${EXACT_SCORE} else 0 end`);
  }
  if (t.email) {
    conditions.push(sql`lower(${customers.email}) = ${t.email}`);
    scores.push(sql`case when lower(${customers.email}) = ${t.email} then ${EXACT_SCORE} else 0 end`);
  }
  if (t.phone) {
    const variants = phoneVariants(t.phone);
    conditions.push(inArray(digitsOf(customers.phone), variants));
    scores.push(sql`case when ${inArray(digitsOf(customers.phone), variants)} then ${EXACT_SCORE} else 0 end`);
  }
  if (conditions.length === 0) return Promise.resolve([]);
  const score = sql<number>`greatest(${sql.join(scores, sql`, `)})`;
  return db
    .select({ ...customerColumns, score })
    .from(customers)
    .where(and(eq(customers.staff_id, staffId), or(...conditions)))
    .orderBy(desc(score), desc(customers.id))
    .limit(limit);
}

/**
 * The appointment numbers a text of digits can mean: the number itself and,
 * for 6 digits or fewer, every number whose last 6 digits it is (the list
 * shows only the last 6; numbers start at 1,000,001, so 20 millions are covered).
 */
function appointmentNumbers(n: number | null): number[] {
  if (n === null || n <= 0) return [];
  if (n > 999_999) return [n];
  return Array.from({ length: 21 }, (_, k) => n + k * 1_000_000);
}

/**
 * Appointments of one centre: those of the given customers (ids best first)
 * and those whose number or token is the search text. Direct hits first, then
 * today's appointments of the exact hits (the person at the desk), then by the
 * customer's rank, then newest. Blocked slots are no visits: left out.
 */
export async function searchAppointments(
  db: DbOrTx,
  staffId: number,
  found: { ids: number[]; exactIds: number[] },
  t: SearchTerms,
  limit: number,
) {
  const { ids, exactIds } = found;
  const numbers = appointmentNumbers(t.appointmentNumber);
  const direct = or(
    numbers.length > 0 ? inArray(appointments.customer_appointment_id, numbers) : undefined,
    eq(appointments.token, t.token),
  )!;
  const matches = ids.length > 0 ? or(direct, inArray(appointments.customer_id, ids))! : direct;
  const idArray = (list: number[]) =>
    sql`array[${sql.join(
      list.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]`;
  // Today in the centre's zone, by the server's clock.
  const instant = sql`${now().toISOString()}::timestamptz`;
  const today = sql`(${appointments.start_date} at time zone ${centres.time_zone})::date
    = (${instant} at time zone ${centres.time_zone})::date`;
  const exactToday =
    exactIds.length > 0 ? [sql`(${appointments.customer_id} = any(${idArray(exactIds)}) and ${today}) desc`] : [];
  // The customers' rank (array_position in the ranked ids); none without customers (ORDER BY 0 is a position).
  const rank = ids.length > 0 ? [sql`array_position(${idArray(ids)}, ${appointments.customer_id}) asc nulls last`] : [];
  return appointmentRows(
    db,
    and(eq(appointments.staff_id, staffId), eq(appointments.should_block_slot, false), matches)!,
    [sql`(${direct}) desc`, ...exactToday, ...rank, desc(appointments.start_date), desc(appointments.id)],
    limit,
  );
}

/**
 * Customers of one centre with the folded name of a scanned profile and, when
 * the profile has one, its birthday; those at the profile's address first.
 */
export async function customersByProfile(
  db: DbOrTx,
  staffId: number,
  p: { firstName: string; lastName: string; birthday: string | null; postcode: string; street: string },
  limit: number,
) {
  const where: SQL[] = [
    eq(customers.staff_id, staffId),
    sql`${foldedName} = ${`${p.firstName} ${p.lastName}`}`,
    eq(customers.first_fold, p.firstName),
    eq(customers.last_fold, p.lastName),
  ];
  if (p.birthday) where.push(eq(customers.birthday, p.birthday));
  return db
    .select(customerColumns)
    .from(customers)
    .where(and(...where))
    .orderBy(
      sql`(${customers.postcode} is not distinct from ${p.postcode || null}) desc`,
      sql`(search_fold(${customers.street}) is not distinct from ${p.street || null}) desc`,
      desc(customers.id),
    )
    .limit(limit);
}
