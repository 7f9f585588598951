import {
  PHARMA_MSG,
  type productBodySchema,
  type rxBodySchema,
  type usageBodySchema,
} from '@tz/shared/pharma/pharma.contract';
import { dateInZone } from '@tz/shared/rules/time-zone';
import { grossCents } from '@tz/shared/rules/vat-total';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { centreTimeZone } from '../schedule/schedule.repository';
import * as repo from './pharma.repository';

type RxBody = z.infer<typeof rxBodySchema>;
type UsageBody = z.infer<typeof usageBodySchema>;
type ProductBody = z.infer<typeof productBodySchema>;

/**
 * The pharmacy area exists only for centres with the consumables feature:
 * every call of a centre without it is refused alike (403, code PHARMA_DISABLED),
 * after the guard has checked role and centre.
 */
export async function requireFeature(deps: AppDeps, staffId: number) {
  if (!(await repo.centreConsumables(deps.db, staffId))) {
    throw AppError.forbidden(PHARMA_MSG.disabled, 'PHARMA_DISABLED');
  }
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

async function rxOrThrow(db: DbOrTx, staffId: number, rxId: number) {
  const rx = await repo.findRx(db, staffId, rxId);
  if (!rx) throw AppError.notFound(PHARMA_MSG.rxNotFound, 'RX_NOT_FOUND');
  return rx;
}

async function checkCustomer(db: DbOrTx, staffId: number, customerId: number) {
  if (!(await repo.findCustomer(db, staffId, customerId))) {
    throw AppError.field(400, 'customer_id', PHARMA_MSG.customerNotFound, 'CUSTOMER_NOT_FOUND');
  }
}

const rxFields = (b: RxBody) => ({
  customer_id: b.customer_id,
  date: b.date,
  start: b.start,
  end: b.end,
  notes: b.notes,
  active: b.active,
});

export async function listRx(deps: AppDeps, staffId: number, q: { startdate: number; enddate: number }) {
  await requireFeature(deps, staffId);
  const tz = await centreTimeZone(deps.db, staffId);
  return repo.listRx(deps.db, staffId, dateInZone(q.startdate * 1000, tz), dateInZone(q.enddate * 1000, tz));
}

export async function getRx(deps: AppDeps, staffId: number, rxId: number) {
  await requireFeature(deps, staffId);
  return rxOrThrow(deps.db, staffId, rxId);
}

export async function createRx(deps: AppDeps, auth: AuthContext, staffId: number, body: RxBody) {
  await requireFeature(deps, staffId);
  return deps.db.transaction(async (tx) => {
    await checkCustomer(tx, staffId, body.customer_id);
    const id = await repo.insertRx(tx, staffId, rxFields(body));
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pharma_rx',
      entity_id: id,
      action: 'create',
      after: rxFields(body),
    });
    return { error: null, message: PHARMA_MSG.rxSaved, rx: await rxOrThrow(tx, staffId, id) };
  });
}

export async function updateRx(deps: AppDeps, auth: AuthContext, staffId: number, rxId: number, body: RxBody) {
  await requireFeature(deps, staffId);
  return deps.db.transaction(async (tx) => {
    const before = await rxOrThrow(tx, staffId, rxId);
    await checkCustomer(tx, staffId, body.customer_id);
    await repo.updateRx(tx, staffId, rxId, rxFields(body));
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pharma_rx',
      entity_id: rxId,
      action: 'update',
      before: {
        customer_id: before.customer.id,
        date: before.date,
        start: before.start,
        end: before.end,
        notes: before.notes,
        active: before.active,
      },
      after: rxFields(body),
    });
    return { error: null, message: PHARMA_MSG.rxSaved, rx: await rxOrThrow(tx, staffId, rxId) };
  });
}

export async function activateRx(deps: AppDeps, auth: AuthContext, staffId: number, rxId: number) {
  await requireFeature(deps, staffId);
  return deps.db.transaction(async (tx) => {
    const before = await rxOrThrow(tx, staffId, rxId);
    await repo.updateRx(tx, staffId, rxId, { active: true });
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pharma_rx',
      entity_id: rxId,
      action: 'activate',
      before: { active: before.active },
      after: { active: true },
    });
    return { error: null, message: PHARMA_MSG.rxActivated };
  });
}

async function usageOrThrow(db: DbOrTx, staffId: number, rxId: number, usageId: number, lock = false) {
  const usage = await repo.findUsage(db, staffId, rxId, usageId, lock);
  if (!usage) throw AppError.notFound(PHARMA_MSG.usageNotFound, 'USAGE_NOT_FOUND');
  return usage;
}

/** A billed usage is final: neither changed nor deleted (409). */
function refuseBilled(usage: { billed: boolean }) {
  if (usage.billed) throw AppError.conflict(PHARMA_MSG.alreadyBilled, 'USAGE_BILLED');
}

/** A product chosen from the catalogue must be one of this centre's. */
async function checkProducts(db: DbOrTx, staffId: number, body: UsageBody) {
  const ids = body.products.map((p) => p.product_id).filter((id): id is number => id !== null);
  const known = new Set(await repo.productIdsOf(db, staffId, ids));
  const i = body.products.findIndex((p) => p.product_id !== null && !known.has(p.product_id));
  if (i >= 0) throw AppError.field(400, `products.${i}.product_id`, PHARMA_MSG.productNotFound, 'PRODUCT_NOT_FOUND');
}

const usageFields = (b: UsageBody) => ({ date: b.date, handover_date: b.handover_date, products: b.products });

export async function getUsage(deps: AppDeps, staffId: number, rxId: number, usageId: number) {
  await requireFeature(deps, staffId);
  return usageOrThrow(deps.db, staffId, rxId, usageId);
}

export async function createUsage(deps: AppDeps, auth: AuthContext, staffId: number, rxId: number, body: UsageBody) {
  await requireFeature(deps, staffId);
  return deps.db.transaction(async (tx) => {
    await rxOrThrow(tx, staffId, rxId);
    await checkProducts(tx, staffId, body);
    const id = await repo.insertUsage(tx, staffId, rxId, usageFields(body));
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pharma_usage',
      entity_id: id,
      action: 'create',
      after: usageFields(body),
    });
    return { error: null, message: PHARMA_MSG.usageSaved, usage: await usageOrThrow(tx, staffId, rxId, id) };
  });
}

export async function updateUsage(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  rxId: number,
  usageId: number,
  body: UsageBody,
) {
  await requireFeature(deps, staffId);
  return deps.db.transaction(async (tx) => {
    const before = await usageOrThrow(tx, staffId, rxId, usageId, true);
    refuseBilled(before);
    await checkProducts(tx, staffId, body);
    await repo.replaceUsage(tx, staffId, usageId, usageFields(body));
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pharma_usage',
      entity_id: usageId,
      action: 'update',
      before: { date: before.date, handover_date: before.handover_date, products: before.products },
      after: usageFields(body),
    });
    return { error: null, message: PHARMA_MSG.usageSaved, usage: await usageOrThrow(tx, staffId, rxId, usageId) };
  });
}

export async function deleteUsage(deps: AppDeps, auth: AuthContext, staffId: number, rxId: number, usageId: number) {
  await requireFeature(deps, staffId);
  return deps.db.transaction(async (tx) => {
    const before = await usageOrThrow(tx, staffId, rxId, usageId, true);
    refuseBilled(before);
    await repo.deleteUsage(tx, staffId, usageId);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pharma_usage',
      entity_id: usageId,
      action: 'delete',
      before: { date: before.date, handover_date: before.handover_date, products: before.products },
    });
    return { error: null, message: PHARMA_MSG.usageDeleted };
  });
}

export async function billUsages(deps: AppDeps, auth: AuthContext, staffId: number, usageIds: number[]) {
  await requireFeature(deps, staffId);
  return deps.db.transaction(async (tx) => {
    const billed = await repo.markBilled(tx, staffId, [...new Set(usageIds)], now());
    for (const id of billed) {
      await writeAudit(tx, {
        staff_id: staffId,
        user_id: auth.userId,
        entity: 'pharma_usage',
        entity_id: id,
        action: 'bill',
        before: { billed: false },
        after: { billed: true },
      });
    }
    return { error: null, message: PHARMA_MSG.billed, billed: billed.length };
  });
}

/** Billed usages per month of their picking date (VAT on each usage's sum), and the open ones of the chosen month. */
export async function billing(deps: AppDeps, staffId: number, month: string) {
  await requireFeature(deps, staffId);
  const billed = await repo.monthlyFigures(deps.db, staffId, true);
  const byMonth = new Map<string, { month: string; count: number; net: number; gross: number }>();
  for (const u of billed) {
    const m = byMonth.get(u.month) ?? { month: u.month, count: 0, net: 0, gross: 0 };
    m.count++;
    m.net += u.net;
    m.gross += grossCents(u.net);
    byMonth.set(u.month, m);
  }
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const open = await repo.monthlyFigures(
    deps.db,
    staffId,
    false,
    `${month}-01`,
    `${month}-${String(last).padStart(2, '0')}`,
  );
  return {
    selected: byMonth.get(month) ?? { month, count: 0, net: 0, gross: 0 },
    months: [...byMonth.values()],
    open_usage_ids: open.map((u) => u.id),
    open_gross: open.reduce((s, u) => s + grossCents(u.net), 0),
  };
}

export async function listDocuments(deps: AppDeps, staffId: number, rxId: number) {
  await requireFeature(deps, staffId);
  await rxOrThrow(deps.db, staffId, rxId);
  return repo.listDocuments(deps.db, staffId, rxId);
}

export async function uploadDocument(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  rxId: number,
  read: () => Promise<{ data: Buffer; mime: string; filename: string }>,
) {
  await requireFeature(deps, staffId);
  await rxOrThrow(deps.db, staffId, rxId);
  const file = await read();
  return deps.db.transaction(async (tx) => {
    const id = await repo.insertDocument(tx, staffId, rxId, { ...file, user_id: auth.userId });
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pharma_document',
      entity_id: id,
      action: 'upload',
      after: { rx_id: rxId, filename: file.filename, mime: file.mime, size: file.data.length },
    });
    const document = (await repo.listDocuments(tx, staffId, rxId)).find((d) => d.id === id)!;
    return { error: null, message: PHARMA_MSG.documentUploaded, document };
  });
}

export async function documentFile(deps: AppDeps, staffId: number, rxId: number, documentId: number) {
  await requireFeature(deps, staffId);
  const doc = await repo.findDocument(deps.db, staffId, rxId, documentId);
  if (!doc) throw AppError.notFound(PHARMA_MSG.documentNotFound, 'DOCUMENT_NOT_FOUND');
  return doc;
}

export async function deleteDocument(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  rxId: number,
  documentId: number,
) {
  await requireFeature(deps, staffId);
  return deps.db.transaction(async (tx) => {
    const doc = await repo.findDocument(tx, staffId, rxId, documentId);
    if (!doc || !(await repo.deleteDocument(tx, staffId, rxId, documentId))) {
      throw AppError.notFound(PHARMA_MSG.documentNotFound, 'DOCUMENT_NOT_FOUND');
    }
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pharma_document',
      entity_id: documentId,
      action: 'delete',
      before: { rx_id: rxId, filename: doc.filename, mime: doc.mime, size: doc.size },
    });
    return { error: null, message: PHARMA_MSG.documentDeleted };
  });
}

export async function listProducts(deps: AppDeps, staffId: number) {
  await requireFeature(deps, staffId);
  return repo.listProducts(deps.db, staffId);
}

/** Saves a catalogue product; the PZN is unique per centre (409). */
export async function saveProduct(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  productId: number | null,
  body: ProductBody,
) {
  await requireFeature(deps, staffId);
  const fields = { pzn: body.pzn, title: body.title, customer_price: body.customer_price, price: body.price };
  try {
    return await deps.db.transaction(async (tx) => {
      const same = await repo.findProductByPzn(tx, staffId, fields.pzn);
      if (same && same.id !== productId) throw AppError.field(409, 'pzn', PHARMA_MSG.pznTaken, 'PZN_TAKEN');
      let before: unknown = null;
      let product: Awaited<ReturnType<typeof repo.insertProduct>> | undefined;
      if (productId === null) product = await repo.insertProduct(tx, staffId, fields);
      else {
        before = await repo.findProduct(tx, staffId, productId);
        product = before ? await repo.updateProduct(tx, staffId, productId, fields) : undefined;
      }
      if (!product) throw AppError.notFound(PHARMA_MSG.productNotFound, 'PRODUCT_NOT_FOUND');
      await writeAudit(tx, {
        staff_id: staffId,
        user_id: auth.userId,
        entity: 'pharma_product',
        entity_id: product.id,
        action: productId === null ? 'create' : 'update',
        before,
        after: fields,
      });
      return { error: null, message: PHARMA_MSG.productSaved, product };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field(409, 'pzn', PHARMA_MSG.pznTaken, 'PZN_TAKEN');
    throw err;
  }
}

export async function deleteProduct(deps: AppDeps, auth: AuthContext, staffId: number, productId: number) {
  await requireFeature(deps, staffId);
  return deps.db.transaction(async (tx) => {
    const before = await repo.findProduct(tx, staffId, productId);
    if (!before || !(await repo.deleteProduct(tx, staffId, productId))) {
      throw AppError.notFound(PHARMA_MSG.productNotFound, 'PRODUCT_NOT_FOUND');
    }
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pharma_product',
      entity_id: productId,
      action: 'delete',
      before,
    });
    return { error: null, message: PHARMA_MSG.productDeleted };
  });
}
