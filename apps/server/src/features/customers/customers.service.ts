import type { CustomerFields, CustomerListQuery } from '@tz/shared/customers/customers.contract';
import { MSG } from '@tz/shared/messages';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import * as repo from './customers.repository';

/** The stored columns of the form fields, after the insurance references are checked. */
async function columnsOf(
  db: DbOrTx,
  f: CustomerFields,
): Promise<repo.CustomerColumns & { first_name: string; last_name: string }> {
  if (f.insuranceProviderId != null && !(await repo.findProvider(db, f.insuranceProviderId))) {
    throw AppError.badRequest(MSG.insuranceProviderUnknown, [
      { field: 'insuranceProviderId', message: MSG.insuranceProviderUnknown },
    ]);
  }
  if (f.ikId != null) {
    const ik = await repo.findIk(db, f.ikId);
    if (!ik || (f.insuranceProviderId != null && ik.provider_id !== f.insuranceProviderId)) {
      throw AppError.badRequest(MSG.ikNotOfProvider, [{ field: 'ikId', message: MSG.ikNotOfProvider }]);
    }
  }
  return {
    first_name: f.first_name,
    last_name: f.last_name,
    birthday: f.birthday ?? null,
    email: f.email ?? null,
    phone: f.phone ?? null,
    ...(f.gender !== undefined ? { gender: f.gender } : {}),
    street: f.street ?? null,
    postcode: f.postcode ?? null,
    city: f.city ?? null,
    passport: f.passport ?? null,
    insurance_policy_number: f.insurancePolicyNumber ?? null,
    insurance_provider_id: f.insuranceProviderId ?? null,
    ik_id: f.ikId ?? null,
  };
}

async function duplicateWarning(db: DbOrTx, staffId: number, f: CustomerFields, exceptId?: number) {
  if (!f.birthday) return null;
  const dup = await repo.findDuplicate(db, staffId, { ...f, birthday: f.birthday }, exceptId);
  return dup ? MSG.duplicateCustomer : null;
}

/** Creates a customer inside the caller's transaction; a possible duplicate is a warning, not a refusal. */
export async function createCustomerRow(db: DbOrTx, staffId: number, f: CustomerFields) {
  const warning = await duplicateWarning(db, staffId, f);
  const id = await repo.insertCustomer(db, { ...(await columnsOf(db, f)), staff_id: staffId });
  return { customer: { id }, warning };
}

export async function list(deps: AppDeps, staffId: number, q: CustomerListQuery) {
  return repo.listCustomers(deps.db, staffId, q);
}

export async function get(deps: AppDeps, staffId: number, id: number) {
  const c = await repo.findCustomer(deps.db, staffId, id);
  if (!c) throw AppError.notFound(MSG.customerNotOfCentre);
  return c;
}

export async function update(deps: AppDeps, staffId: number, id: number, f: CustomerFields) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findCustomer(tx, staffId, id))) throw AppError.notFound(MSG.customerNotOfCentre);
    const warning = await duplicateWarning(tx, staffId, f, id);
    await repo.updateCustomer(tx, staffId, id, await columnsOf(tx, f));
    return { customer: (await repo.findCustomer(tx, staffId, id))!, warning };
  });
}

export async function insuranceProviders(deps: AppDeps) {
  return repo.listInsuranceProviders(deps.db);
}
