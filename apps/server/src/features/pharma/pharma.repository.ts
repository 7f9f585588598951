import type { PharmaProduct, Rx, RxDocument, RxUsage, UsageProduct } from '@tz/shared/pharma/pharma.contract';
import { usageTotal } from '@tz/shared/rules/vat-total';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { german } from '../../db/collation';
import { centres } from '../../db/schema/centres';
import { customers } from '../../db/schema/customers';
import { pharmaDocuments, pharmaProducts, pharmaRx, pharmaUsageProducts, pharmaUsages } from '../../db/schema/pharma';

export async function centreConsumables(db: DbOrTx, staffId: number) {
  const [row] = await db.select({ on: centres.consumables }).from(centres).where(eq(centres.id, staffId));
  return row?.on ?? false;
}

export async function findCustomer(db: DbOrTx, staffId: number, customerId: number) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.staff_id, staffId), eq(customers.id, customerId)));
  return row;
}

const rxColumns = {
  id: pharmaRx.id,
  date: pharmaRx.date,
  start: pharmaRx.start,
  end: pharmaRx.end,
  active: pharmaRx.active,
  notes: pharmaRx.notes,
  customer: {
    id: customers.id,
    first_name: customers.first_name,
    last_name: customers.last_name,
    gender: customers.gender,
    birthday: customers.birthday,
    phone: customers.phone,
    email: customers.email,
  },
};

/** Usages (with products and total) of the given prescriptions, optionally only those picked within [from, to]. */
async function usagesOf(db: DbOrTx, staffId: number, rxIds: number[], range?: { from: string; to: string }) {
  if (rxIds.length === 0) return [];
  const rows = await db
    .select()
    .from(pharmaUsages)
    .where(
      and(
        eq(pharmaUsages.staff_id, staffId),
        inArray(pharmaUsages.rx_id, rxIds),
        ...(range ? [gte(pharmaUsages.date, range.from), lte(pharmaUsages.date, range.to)] : []),
      ),
    )
    .orderBy(asc(pharmaUsages.date), asc(pharmaUsages.id));
  return withProducts(db, staffId, rows);
}

async function withProducts(db: DbOrTx, staffId: number, rows: (typeof pharmaUsages.$inferSelect)[]) {
  const ids = rows.map((r) => r.id);
  const products =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(pharmaUsageProducts)
          .where(and(eq(pharmaUsageProducts.staff_id, staffId), inArray(pharmaUsageProducts.usage_id, ids)))
          .orderBy(asc(pharmaUsageProducts.position), asc(pharmaUsageProducts.id));
  const byUsage = new Map<number, UsageProduct[]>();
  for (const p of products) {
    const list = byUsage.get(p.usage_id) ?? [];
    list.push({
      id: p.id,
      product_id: p.product_id,
      customer_title: p.customer_title,
      customer_price: p.customer_price,
      price: p.price,
      pzn: p.pzn,
    });
    byUsage.set(p.usage_id, list);
  }
  return rows.map((u): RxUsage => {
    const list = byUsage.get(u.id) ?? [];
    return {
      id: u.id,
      rx_id: u.rx_id,
      date: u.date,
      handover_date: u.handover_date,
      billed: u.billed,
      billed_at: u.billed_at ? u.billed_at.toISOString() : null,
      products: list,
      total: usageTotal(list).gross,
    };
  });
}

async function documentCounts(db: DbOrTx, staffId: number, rxIds: number[]) {
  if (rxIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ rx_id: pharmaDocuments.rx_id, n: count() })
    .from(pharmaDocuments)
    .where(and(eq(pharmaDocuments.staff_id, staffId), inArray(pharmaDocuments.rx_id, rxIds)))
    .groupBy(pharmaDocuments.rx_id);
  return new Map(rows.map((r) => [r.rx_id, r.n]));
}

async function assemble(
  db: DbOrTx,
  staffId: number,
  rows: Omit<Rx, 'rx_usages' | 'documents'>[],
  range?: { from: string; to: string },
): Promise<Rx[]> {
  const ids = rows.map((r) => r.id);
  const usages = await usagesOf(db, staffId, ids, range);
  const docs = await documentCounts(db, staffId, ids);
  // Grouped once: filtering all usages per prescription was quadratic (2,000 × 2,000 in the benchmark's month).
  const byRx = new Map<number, typeof usages>();
  for (const u of usages) {
    const list = byRx.get(u.rx_id);
    if (list) list.push(u);
    else byRx.set(u.rx_id, [u]);
  }
  return rows.map((r) => ({
    ...r,
    rx_usages: byRx.get(r.id) ?? [],
    documents: docs.get(r.id) ?? 0,
  }));
}

/** Prescriptions whose service period touches [from, to] or that have a usage picked in it. */
export async function listRx(db: DbOrTx, staffId: number, from: string, to: string) {
  const withUsage = db
    .select({ id: pharmaUsages.rx_id })
    .from(pharmaUsages)
    .where(and(eq(pharmaUsages.staff_id, staffId), gte(pharmaUsages.date, from), lte(pharmaUsages.date, to)));
  const rows = await db
    .select(rxColumns)
    .from(pharmaRx)
    .innerJoin(customers, eq(customers.id, pharmaRx.customer_id))
    .where(
      and(
        eq(pharmaRx.staff_id, staffId),
        or(
          and(lte(pharmaRx.start, to), or(isNull(pharmaRx.end), gte(pharmaRx.end, from))),
          inArray(pharmaRx.id, withUsage),
        ),
      ),
    )
    .orderBy(asc(german(customers.last_name)), asc(german(customers.first_name)), asc(pharmaRx.id));
  return assemble(db, staffId, rows, { from, to });
}

export async function findRx(db: DbOrTx, staffId: number, rxId: number): Promise<Rx | undefined> {
  const rows = await db
    .select(rxColumns)
    .from(pharmaRx)
    .innerJoin(customers, eq(customers.id, pharmaRx.customer_id))
    .where(and(eq(pharmaRx.staff_id, staffId), eq(pharmaRx.id, rxId)));
  if (rows.length === 0) return undefined;
  return (await assemble(db, staffId, rows))[0];
}

type RxFields = {
  customer_id: number;
  date: string;
  start: string;
  end: string | null;
  notes: string;
  active: boolean;
};

export async function insertRx(db: DbOrTx, staffId: number, f: RxFields) {
  const [row] = await db
    .insert(pharmaRx)
    .values({ staff_id: staffId, ...f })
    .returning({ id: pharmaRx.id });
  return row!.id;
}

export async function updateRx(db: DbOrTx, staffId: number, rxId: number, f: Partial<RxFields>) {
  const rows = await db
    .update(pharmaRx)
    .set(f)
    .where(and(eq(pharmaRx.staff_id, staffId), eq(pharmaRx.id, rxId)))
    .returning({ id: pharmaRx.id });
  return rows.length > 0;
}

export async function findUsage(db: DbOrTx, staffId: number, rxId: number, usageId: number, lock = false) {
  const q = db
    .select()
    .from(pharmaUsages)
    .where(and(eq(pharmaUsages.staff_id, staffId), eq(pharmaUsages.rx_id, rxId), eq(pharmaUsages.id, usageId)));
  const rows = lock ? await q.for('update') : await q;
  if (rows.length === 0) return undefined;
  return (await withProducts(db, staffId, rows))[0];
}

type UsageFields = {
  date: string;
  handover_date: string | null;
  products: Omit<UsageProduct, 'id'>[];
};

async function insertProducts(db: DbOrTx, staffId: number, usageId: number, products: UsageFields['products']) {
  await db
    .insert(pharmaUsageProducts)
    .values(products.map((p, position) => ({ ...p, staff_id: staffId, usage_id: usageId, position })));
}

export async function insertUsage(db: DbOrTx, staffId: number, rxId: number, f: UsageFields) {
  const [row] = await db
    .insert(pharmaUsages)
    .values({ staff_id: staffId, rx_id: rxId, date: f.date, handover_date: f.handover_date })
    .returning({ id: pharmaUsages.id });
  await insertProducts(db, staffId, row!.id, f.products);
  return row!.id;
}

export async function replaceUsage(db: DbOrTx, staffId: number, usageId: number, f: UsageFields) {
  await db
    .update(pharmaUsages)
    .set({ date: f.date, handover_date: f.handover_date })
    .where(and(eq(pharmaUsages.staff_id, staffId), eq(pharmaUsages.id, usageId)));
  await db
    .delete(pharmaUsageProducts)
    .where(and(eq(pharmaUsageProducts.staff_id, staffId), eq(pharmaUsageProducts.usage_id, usageId)));
  await insertProducts(db, staffId, usageId, f.products);
}

export async function deleteUsage(db: DbOrTx, staffId: number, usageId: number) {
  await db.delete(pharmaUsages).where(and(eq(pharmaUsages.staff_id, staffId), eq(pharmaUsages.id, usageId)));
}

/** Marks open usages of the centre billed; answers the ids it marked. */
export async function markBilled(db: DbOrTx, staffId: number, usageIds: number[], at: Date) {
  const rows = await db
    .update(pharmaUsages)
    .set({ billed: true, billed_at: at })
    .where(and(eq(pharmaUsages.staff_id, staffId), inArray(pharmaUsages.id, usageIds), eq(pharmaUsages.billed, false)))
    .returning({ id: pharmaUsages.id });
  return rows.map((r) => r.id);
}

/** Per month (of the picking date): usages and their net sum, billed or open. */
export async function monthlyFigures(db: DbOrTx, staffId: number, billed: boolean, from?: string, to?: string) {
  const month = sql<string>`to_char(${pharmaUsages.date}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      id: pharmaUsages.id,
      net: sql<number>`coalesce(sum(${pharmaUsageProducts.price}), 0)::int`,
    })
    .from(pharmaUsages)
    .leftJoin(
      pharmaUsageProducts,
      and(eq(pharmaUsageProducts.usage_id, pharmaUsages.id), eq(pharmaUsageProducts.staff_id, staffId)),
    )
    .where(
      and(
        eq(pharmaUsages.staff_id, staffId),
        eq(pharmaUsages.billed, billed),
        ...(from ? [gte(pharmaUsages.date, from)] : []),
        ...(to ? [lte(pharmaUsages.date, to)] : []),
      ),
    )
    .groupBy(pharmaUsages.id)
    .orderBy(desc(month));
  return rows.map((r) => ({ month: r.month, id: r.id, net: Number(r.net) }));
}

export async function listDocuments(db: DbOrTx, staffId: number, rxId: number): Promise<RxDocument[]> {
  const rows = await db
    .select({
      id: pharmaDocuments.id,
      filename: pharmaDocuments.filename,
      mime: pharmaDocuments.mime,
      size: pharmaDocuments.size,
      created_at: pharmaDocuments.created_at,
    })
    .from(pharmaDocuments)
    .where(and(eq(pharmaDocuments.staff_id, staffId), eq(pharmaDocuments.rx_id, rxId)))
    .orderBy(desc(pharmaDocuments.created_at), desc(pharmaDocuments.id));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

export async function insertDocument(
  db: DbOrTx,
  staffId: number,
  rxId: number,
  f: { filename: string; mime: string; data: Buffer; user_id: number },
) {
  const [row] = await db
    .insert(pharmaDocuments)
    .values({ staff_id: staffId, rx_id: rxId, size: f.data.length, ...f })
    .returning({ id: pharmaDocuments.id });
  return row!.id;
}

export async function findDocument(db: DbOrTx, staffId: number, rxId: number, documentId: number) {
  const [row] = await db
    .select()
    .from(pharmaDocuments)
    .where(
      and(eq(pharmaDocuments.staff_id, staffId), eq(pharmaDocuments.rx_id, rxId), eq(pharmaDocuments.id, documentId)),
    );
  return row;
}

export async function deleteDocument(db: DbOrTx, staffId: number, rxId: number, documentId: number) {
  const rows = await db
    .delete(pharmaDocuments)
    .where(
      and(eq(pharmaDocuments.staff_id, staffId), eq(pharmaDocuments.rx_id, rxId), eq(pharmaDocuments.id, documentId)),
    )
    .returning({ id: pharmaDocuments.id });
  return rows.length > 0;
}

const productColumns = {
  id: pharmaProducts.id,
  pzn: pharmaProducts.pzn,
  title: pharmaProducts.title,
  customer_price: pharmaProducts.customer_price,
  price: pharmaProducts.price,
};

export const listProducts = (db: DbOrTx, staffId: number): Promise<PharmaProduct[]> =>
  db
    .select(productColumns)
    .from(pharmaProducts)
    .where(eq(pharmaProducts.staff_id, staffId))
    .orderBy(asc(german(pharmaProducts.title)), asc(pharmaProducts.id));

type ProductFields = Omit<PharmaProduct, 'id'>;

export async function findProductByPzn(db: DbOrTx, staffId: number, pzn: string) {
  const [row] = await db
    .select(productColumns)
    .from(pharmaProducts)
    .where(and(eq(pharmaProducts.staff_id, staffId), eq(pharmaProducts.pzn, pzn)));
  return row;
}

export async function findProduct(db: DbOrTx, staffId: number, productId: number) {
  const [row] = await db
    .select(productColumns)
    .from(pharmaProducts)
    .where(and(eq(pharmaProducts.staff_id, staffId), eq(pharmaProducts.id, productId)));
  return row;
}

/** Which of these product ids belong to the centre. */
export async function productIdsOf(db: DbOrTx, staffId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: pharmaProducts.id })
    .from(pharmaProducts)
    .where(and(eq(pharmaProducts.staff_id, staffId), inArray(pharmaProducts.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertProduct(db: DbOrTx, staffId: number, f: ProductFields) {
  const [row] = await db
    .insert(pharmaProducts)
    .values({ staff_id: staffId, ...f })
    .returning(productColumns);
  return row!;
}

export async function updateProduct(db: DbOrTx, staffId: number, productId: number, f: ProductFields) {
  const [row] = await db
    .update(pharmaProducts)
    .set(f)
    .where(and(eq(pharmaProducts.staff_id, staffId), eq(pharmaProducts.id, productId)))
    .returning(productColumns);
  return row;
}

export async function deleteProduct(db: DbOrTx, staffId: number, productId: number) {
  const rows = await db
    .delete(pharmaProducts)
    .where(and(eq(pharmaProducts.staff_id, staffId), eq(pharmaProducts.id, productId)))
    .returning({ id: pharmaProducts.id });
  return rows.length > 0;
}
