import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import type { Customer } from '@tz/shared/customers/customers.contract';
import {
  foldForSearch,
  SEARCH_MAX_APPOINTMENTS,
  SEARCH_MAX_CUSTOMERS,
  searchTerms,
} from '@tz/shared/rules/search-query';
import type { ProfileLookup, SearchResult } from '@tz/shared/search/search.contract';
import type { AppDeps } from '../../app-deps';
import { centreLabIds } from '../appointments/appointments.repository';
import * as repo from './search.repository';

/** At most this many customers answer one profile lookup. */
const PROFILE_MAX_CUSTOMERS = 20;

/**
 * The header search: the centre's customers matching the text (name with
 * umlaut folding and typos, birthday, email, phone), then the appointments of
 * those customers plus those whose number or token is the text.
 */
export async function search(deps: AppDeps, staffId: number, queryString: string): Promise<SearchResult> {
  const terms = searchTerms(queryString);
  const found = await repo.searchCustomers(deps.db, staffId, terms, SEARCH_MAX_CUSTOMERS);
  const [rows, labs] = await Promise.all([
    repo.searchAppointments(
      deps.db,
      staffId,
      {
        ids: found.map((c) => c.id),
        // Exact hits of the name (or birthday, email, phone): their visits today lead the appointments.
        exactIds: found.filter((c) => Number(c.score) >= repo.EXACT_SCORE).map((c) => c.id),
      },
      terms,
      SEARCH_MAX_APPOINTMENTS,
    ),
    centreLabIds(deps.db, staffId),
  ]);
  const customers: Customer[] = found.map(({ score: _score, ...c }) => c);
  const appointments: Appointment[] = rows.map(({ series_id: _series, ...r }) => ({ ...r, pcr_labs: labs }));
  return { data: { customers, appointments } };
}

/** The customers a scanned corona-app profile can be: same name (folded) and birthday; same address first. */
export async function lookupByProfile(deps: AppDeps, staffId: number, p: ProfileLookup) {
  const customers = await repo.customersByProfile(
    deps.db,
    staffId,
    {
      firstName: foldForSearch(p.first_name),
      lastName: foldForSearch(p.last_name),
      birthday: p.birthday || null,
      postcode: p.postcode,
      street: foldForSearch(p.street),
    },
    PROFILE_MAX_CUSTOMERS,
  );
  return { customers };
}
