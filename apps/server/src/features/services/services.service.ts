import { MSG } from '@tz/shared/messages';
import {
  type activationBodySchema,
  CAPACITY_ORDER_MESSAGE,
  type CatalogueService,
  type ServiceCategory,
  type ServiceInput,
} from '@tz/shared/services/services.contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import * as repo from './services.repository';

async function checkReferences(db: DbOrTx, input: { test_type?: number | null; category_id?: number | null }) {
  if (input.test_type != null && (await repo.existingTestTypes(db, [input.test_type])).length === 0) {
    throw AppError.field(422, 'test_type', MSG.testTypeUnknown, 'TEST_TYPE_UNKNOWN');
  }
  if (input.category_id != null && !(await repo.categoryExists(db, input.category_id))) {
    throw AppError.field(422, 'category_id', MSG.categoryUnknown, 'CATEGORY_UNKNOWN');
  }
}

const fieldsOf = (input: ServiceInput) => ({
  title: input.title,
  price: input.price,
  price_txt: input.priceTxt || null,
  test_type: input.test_type ?? null,
  slot_length: input.slot_length,
  duration: input.duration,
  capacity_min: input.capacity_min,
  capacity_max: input.capacity_max,
  category_id: input.category_id ?? null,
});

export async function getService(db: DbOrTx, staffId: number, id: number) {
  const service = await repo.findService(db, staffId, id);
  if (!service) throw AppError.notFound(MSG.serviceNotFound, 'SERVICE_NOT_FOUND');
  return service;
}

/** A custom service starts inactive: it becomes bookable once activated in the list. */
export async function createService(db: DbOrTx, staffId: number, input: ServiceInput) {
  await checkReferences(db, input);
  const id = await repo.insertService(db, { ...fieldsOf(input), staff_id: staffId, custom: true, active: false });
  return { service: await getService(db, staffId, id), message: MSG.serviceCreated };
}

export async function updateService(db: DbOrTx, staffId: number, id: number, input: ServiceInput) {
  await getService(db, staffId, id);
  await checkReferences(db, input);
  await repo.updateService(db, staffId, id, fieldsOf(input));
  return { service: await getService(db, staffId, id), message: MSG.serviceUpdated };
}

/** The platform catalogue by category, each entry with the centre's own row if any. */
export async function availableServices(db: DbOrTx, staffId: number): Promise<ServiceCategory[]> {
  const [catalogue, own] = await Promise.all([
    repo.listCatalogue(db),
    repo.listServices(db, staffId, { custom: false }),
  ]);
  const byCatalogue = new Map(own.filter((s) => s.catalogue_id != null).map((s) => [s.catalogue_id!, s]));
  const categories = new Map<number, ServiceCategory>();
  for (const entry of catalogue) {
    const { service_test_v: _, ...rest } = entry;
    const item: CatalogueService = { ...rest, service: byCatalogue.get(entry.catalogue_id) ?? null };
    const cat = categories.get(entry.category_id) ?? { id: entry.category_id, name: entry.catname, services: [] };
    cat.services.push(item);
    categories.set(entry.category_id, cat);
  }
  return [...categories.values()];
}

type Activation = z.infer<typeof activationBodySchema>['services'][number];

const overrides = (item: Activation) => ({
  active: item.active,
  ...(item.test_type !== undefined ? { test_type: item.test_type } : {}),
  ...(item.capacity_max !== undefined ? { capacity_max: item.capacity_max } : {}),
  ...(item.duration !== undefined ? { duration: item.duration } : {}),
});

/** Row i of the request: its maximum places must not fall below the service's minimum. */
function checkCapacity(capacityMin: number, item: Activation, i: number) {
  if (item.capacity_max !== undefined && item.capacity_max < capacityMin) {
    throw AppError.field(422, `services.${i}.capacity_max`, CAPACITY_ORDER_MESSAGE, 'CAPACITY_ORDER');
  }
}

/**
 * Activation by selection: each row of the list says whether its service is
 * active, with the test type, maximum places and minutes chosen in the row.
 * A catalogue entry selected for the first time becomes the centre's own
 * services row (what appointments reference). services.active is the single
 * source of truth; deactivating a service with future appointments is allowed
 * (those appointments then show up in the rebook warning).
 */
export async function activateServices(db: DbOrTx, staffId: number, items: Activation[]) {
  await db.transaction(async (tx) => {
    const testTypeIds = [...new Set(items.map((i) => i.test_type).filter((t): t is number => t != null))];
    const known = await repo.existingTestTypes(tx, testTypeIds);
    const unknown = items.findIndex((i) => i.test_type != null && !known.includes(i.test_type));
    if (unknown >= 0) {
      throw AppError.field(422, `services.${unknown}.test_type`, MSG.testTypeUnknown, 'TEST_TYPE_UNKNOWN');
    }

    const serviceIds = items.map((i) => i.service_id).filter((id): id is number => id != null);
    const ownRows = new Map((await repo.findServicesByIds(tx, staffId, serviceIds)).map((r) => [r.id, r]));
    const catalogueIds = items.map((i) => i.catalogue_id).filter((id): id is number => id != null);
    const entries = new Map((await repo.findCatalogueEntries(tx, catalogueIds)).map((e) => [e.id, e]));
    const fromCatalogue = new Map(
      (await repo.findServicesByCatalogue(tx, staffId, catalogueIds)).map((r) => [r.catalogue_id!, r]),
    );

    for (const [i, item] of items.entries()) {
      if (item.service_id != null) {
        const row = ownRows.get(item.service_id);
        if (!row) throw AppError.notFound(MSG.serviceNotFound, 'SERVICE_NOT_FOUND');
        checkCapacity(row.capacity_min, item, i);
        await repo.updateService(tx, staffId, row.id, overrides(item));
        continue;
      }
      const entry = entries.get(item.catalogue_id!);
      if (!entry) throw AppError.notFound(MSG.catalogueServiceNotFound, 'CATALOGUE_SERVICE_NOT_FOUND');
      const existing = fromCatalogue.get(entry.id);
      if (existing) {
        checkCapacity(existing.capacity_min, item, i);
        await repo.updateService(tx, staffId, existing.id, overrides(item));
      } else if (item.active) {
        checkCapacity(entry.capacity_min, item, i);
        const { id: catalogueId, ...defaults } = entry;
        await repo.insertService(tx, {
          ...defaults,
          ...overrides(item),
          staff_id: staffId,
          catalogue_id: catalogueId,
          custom: false,
        });
      }
    }
  });
  return { services: await repo.listServices(db, staffId), message: MSG.selectionSaved };
}
