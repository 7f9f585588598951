import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import type { AuditLookupKind, AuditLookups, AuditRowLike } from '@tz/shared/rules/audit-text';
import { auditLookupIds } from '@tz/shared/rules/audit-text';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { appointments, paymentClassifications } from '../../db/schema/appointments';
import { pcrLabs } from '../../db/schema/centres';
import { customers, institutions } from '../../db/schema/customers';
import { services } from '../../db/schema/services';

/**
 * The names audit values point at (services, classifications, labs, groups,
 * customers, appointment numbers), looked up once for the rows shown. A list
 * of one centre looks only in that centre's rows; the platform's in all.
 */
export async function auditLookups(db: DbOrTx, rows: AuditRowLike[], staffId: number | undefined) {
  const ids = auditLookupIds(rows);
  const own = (column: PgColumn): SQL | undefined => (staffId === undefined ? undefined : eq(column, staffId));
  const names: AuditLookups = {};
  const load = async (kind: AuditLookupKind, query: (list: number[]) => Promise<[number, string][]>) => {
    const list = [...ids[kind]];
    if (list.length > 0) names[kind] = new Map(await query(list));
  };
  await Promise.all([
    load('class', async (list) =>
      (
        await db
          .select({ id: paymentClassifications.id, label: paymentClassifications.label })
          .from(paymentClassifications)
          .where(inArray(paymentClassifications.id, list))
      ).map((r) => [r.id, r.label]),
    ),
    load('service', async (list) =>
      (
        await db
          .select({ id: services.id, title: services.title })
          .from(services)
          .where(and(inArray(services.id, list), own(services.staff_id)))
      ).map((r) => [r.id, r.title]),
    ),
    // labs may be shared between centres: their names are no centre's secret
    load('lab', async (list) =>
      (await db.select({ id: pcrLabs.id, name: pcrLabs.name }).from(pcrLabs).where(inArray(pcrLabs.id, list))).map(
        (r) => [r.id, r.name],
      ),
    ),
    load('group', async (list) =>
      (
        await db
          .select({ id: institutions.id, name: institutions.name })
          .from(institutions)
          .where(and(inArray(institutions.id, list), own(institutions.staff_id)))
      ).map((r) => [r.id, r.name]),
    ),
    load('customer', async (list) =>
      (
        await db
          .select({ id: customers.id, first: customers.first_name, last: customers.last_name })
          .from(customers)
          .where(and(inArray(customers.id, list), own(customers.staff_id)))
      ).map((r) => [r.id, `${r.last}, ${r.first}`]),
    ),
    load('appointment', async (list) =>
      (
        await db
          .select({ id: appointments.id, number: appointments.customer_appointment_id })
          .from(appointments)
          .where(and(inArray(appointments.id, list), own(appointments.staff_id)))
      ).map((r) => [r.id, displayCustomerAppointmentId(r.number)]),
    ),
  ]);
  return names;
}
