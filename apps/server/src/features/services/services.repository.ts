import type { Service } from '@tz/shared/services/services.contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { german } from '../../db/collation';
import { serviceCatalogue, serviceCategories, services, testTypes } from '../../db/schema/services';

const serviceColumns = {
  id: services.id,
  title: services.title,
  price: services.price,
  priceTxt: services.price_txt,
  test_type: services.test_type,
  service_test_v: services.service_test_v,
  slot_length: services.slot_length,
  duration: services.duration,
  capacity_min: services.capacity_min,
  capacity_max: services.capacity_max,
  category_id: services.category_id,
  catname: serviceCategories.name,
  catalogue_id: services.catalogue_id,
  custom: services.custom,
  active: services.active,
};

function selectServices(db: DbOrTx) {
  return db
    .select(serviceColumns)
    .from(services)
    .leftJoin(serviceCategories, eq(serviceCategories.id, services.category_id));
}

export async function listServices(db: DbOrTx, staffId: number, filter: { custom?: boolean } = {}): Promise<Service[]> {
  const where =
    filter.custom === undefined
      ? eq(services.staff_id, staffId)
      : and(eq(services.staff_id, staffId), eq(services.custom, filter.custom));
  return selectServices(db)
    .where(where)
    .orderBy(asc(german(serviceCategories.name)), asc(german(services.title)), asc(services.id));
}

export async function findService(db: DbOrTx, staffId: number, id: number): Promise<Service | undefined> {
  const rows = await selectServices(db).where(and(eq(services.staff_id, staffId), eq(services.id, id)));
  return rows[0];
}

export async function findServicesByIds(db: DbOrTx, staffId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: services.id, catalogue_id: services.catalogue_id, capacity_min: services.capacity_min })
    .from(services)
    .where(and(eq(services.staff_id, staffId), inArray(services.id, ids)));
}

export async function findServicesByCatalogue(db: DbOrTx, staffId: number, catalogueIds: number[]) {
  if (catalogueIds.length === 0) return [];
  return db
    .select({ id: services.id, catalogue_id: services.catalogue_id, capacity_min: services.capacity_min })
    .from(services)
    .where(and(eq(services.staff_id, staffId), inArray(services.catalogue_id, catalogueIds)));
}

export type ServiceRow = typeof services.$inferInsert;

export async function insertService(db: DbOrTx, row: ServiceRow) {
  const [r] = await db.insert(services).values(row).returning({ id: services.id });
  return r!.id;
}

export async function updateService(db: DbOrTx, staffId: number, id: number, fields: Partial<ServiceRow>) {
  await db
    .update(services)
    .set(fields)
    .where(and(eq(services.staff_id, staffId), eq(services.id, id)));
}

export async function listCatalogue(db: DbOrTx) {
  return db
    .select({
      catalogue_id: serviceCatalogue.id,
      title: serviceCatalogue.title,
      price: serviceCatalogue.price,
      priceTxt: serviceCatalogue.price_txt,
      test_type: serviceCatalogue.test_type,
      service_test_v: serviceCatalogue.service_test_v,
      slot_length: serviceCatalogue.slot_length,
      duration: serviceCatalogue.duration,
      capacity_min: serviceCatalogue.capacity_min,
      capacity_max: serviceCatalogue.capacity_max,
      category_id: serviceCatalogue.category_id,
      catname: serviceCategories.name,
    })
    .from(serviceCatalogue)
    .innerJoin(serviceCategories, eq(serviceCategories.id, serviceCatalogue.category_id))
    .orderBy(asc(german(serviceCategories.name)), asc(german(serviceCatalogue.title)), asc(serviceCatalogue.id));
}

export async function findCatalogueEntries(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(serviceCatalogue).where(inArray(serviceCatalogue.id, ids));
}

export async function listCategories(db: DbOrTx) {
  return db
    .select({ id: serviceCategories.id, name: serviceCategories.name })
    .from(serviceCategories)
    .orderBy(asc(german(serviceCategories.name)));
}

export async function listTestTypes(db: DbOrTx) {
  return db.select().from(testTypes).orderBy(asc(testTypes.id));
}

export async function existingTestTypes(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return (await db.select({ id: testTypes.id }).from(testTypes).where(inArray(testTypes.id, ids))).map((r) => r.id);
}

export async function categoryExists(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(eq(serviceCategories.id, id));
  return rows.length > 0;
}
