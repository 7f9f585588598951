import { z } from 'zod';
import { appointmentSchema } from '../appointments/appointments.contract';
import { ROLE } from '../constants';
import { customerSchema } from '../customers/customers.contract';
import { endpoint } from '../http/endpoint';
import { MSG } from '../messages';
import { isRealDate } from '../rules/appointment-time';
import { looksLikeScanText } from '../rules/scanner-input';
import { SEARCH_MAX_LENGTH } from '../rules/search-query';

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });

/** The header search (core-workflow §7 "POST search (body queryString, response data)"). */
export const searchBodySchema = z.object({
  queryString: z
    .string({ error: MSG.searchQueryRequired })
    .trim()
    .min(1, MSG.searchQueryRequired)
    .max(SEARCH_MAX_LENGTH, MSG.searchQueryTooLong)
    // Text of a scan never runs as a search (the web does not send it; this is the last guard).
    .refine((q) => !looksLikeScanText(q), MSG.scanCutOff),
});
export type SearchBody = z.infer<typeof searchBodySchema>;

/**
 * Matching customers and appointments, best match first, then newest. An
 * appointment matches through its customer, its appointment number (also its
 * last 6 digits, as the list shows them) or its token.
 */
export const searchResultSchema = z.object({
  data: z.object({
    customers: z.array(customerSchema),
    appointments: z.array(appointmentSchema),
  }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const search = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/search',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Suche nach Kunden und Terminen des Zentrums (Name, Geburtsdatum, E-Mail, Telefon, Terminnummer, Token)',
  params: staffParams,
  body: searchBodySchema,
  response: searchResultSchema,
});

const profileText = (max: number) => z.preprocess((v) => (v == null ? '' : v), z.string().trim().max(max));

/**
 * The person of a scanned corona-app profile (core-workflow §7 "customer
 * lookup by corona-app profile"). birthday is the profile's yyyyMMdd (or
 * YYYY-MM-DD); empty when the profile has none.
 */
export const profileLookupSchema = z.object({
  first_name: z.string({ error: MSG.firstNameRequired }).trim().min(1, MSG.firstNameRequired).max(100),
  last_name: z.string({ error: MSG.lastNameRequired }).trim().min(1, MSG.lastNameRequired).max(100),
  postcode: profileText(10),
  street: profileText(200),
  /** yyyyMMdd as scanned, or YYYY-MM-DD; answered as YYYY-MM-DD, '' when none. */
  birthday: profileText(10)
    .transform((v) => v.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'))
    .refine((v) => v === '' || isRealDate(v), MSG.scanBirthdayInvalid),
});
export type ProfileLookup = z.infer<typeof profileLookupSchema>;

export const lookupCustomerByProfile = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/search/profile',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary:
    'Kunden zum gescannten Corona-Warn-App-Profil (Name und Geburtsdatum; Adresse zuerst): keiner, einer oder mehrere',
  params: staffParams,
  body: profileLookupSchema,
  response: z.object({ customers: z.array(customerSchema) }),
});
