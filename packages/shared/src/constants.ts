export const APP_VERSION = '1.83.0';

/** role_id thresholds: lower is more powerful. */
export const ROLE = {
  platformAdmin: 10,
  admin: 20,
  manager: 25,
  staff: 30,
} as const;

export const ROLE_LABELS: Record<number, string> = {
  20: 'Administrator',
  25: 'Testzentrumsleitung',
  30: 'Mitarbeiter',
};

export const isPlatformAdmin = (roleId: number) => roleId <= ROLE.platformAdmin;

/** Centre type code of vaccination centres. */
export const VACCINATION_CENTRE_TYPE = '2';

export const GENDERS = { 0: 'keine Angabe', 1: 'männlich', 2: 'weiblich', 3: 'divers', 4: 'nicht-binär' } as const;

export const MIN_PASSWORD_LENGTH = 8;
export const FTE_MIN = 0;
export const FTE_MAX = 1.5;
export const FTE_STEP = 0.1;
export const BIRTHDAY_FIRST_YEAR = 1901;
export const QR_SIZE = 250;
export const SIGNATURE_PAD_HEIGHT = 200;
export const CLASSIFICATION_CONFIRM_ABOVE = 30;
export const DEFAULT_WINDOW_DAYS_BACK = 30;
export const SPINNER_MIN_MS = 1000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const ERROR_TRACE_SAMPLE_RATE = 0.05;
export const MAX_HOLIDAYS_AT_ONCE = 5;
export const MAX_SPECIAL_DAYS_AT_ONCE = 5;
export const GROUP_NAME_MIN_LENGTH = 4;
export const KV_SPECIAL_NUMBER_LENGTH = 5;
export const EXPORT_MAX_RANGE_HOURS = 25;
export const VACCINATION_EXPORT_MAX_RANGE_HOURS = 24;
/** A monthly export request may reach back this many years (configuration-admin §5). */
export const EXPORT_HISTORY_YEARS = 5;
/** The platform's payment classification 'Selbstzahler': the customer pays, nothing is billed under the TestV. */
export const SELF_PAYER_CLASSIFICATION_ID = 1;
export const PAUSE_SPECIAL_DAYS_WINDOW_DAYS = 31;
export const OEGD_TEST_TYPES = [3, 5] as const;
/** An appointment's demis_status once DEMIS accepted its report. */
export const DEMIS_STATUS_SUCCESS = 'success' as const;
export const FUNCTION_CATEGORIES = ['skill', 'function', 'language'] as const;

/** Filter value sets of the appointments list (core-workflow §9). */
export const FILTERS = {
  demis_status: ['any', 'reported', 'not_reported'],
  performed: ['any', '1', '0'],
  result: ['any', '1', '2'],
  checkedIn: ['all', '0', '1', '2'],
  appointment_source: ['customer_appointments', 'customer_appointments_res_date', 'result'],
} as const;

/** checked_in bitmask (core-workflow §4). */
export const CHECKED_IN = { checkedIn: 1, filledWithoutWarnings: 2, filled: 4 } as const;

/** res_detected values. */
export const RESULT = { negative: 1, positive: 2, locked: 4 } as const;

/** Centre types offered in the settings (code '2' = vaccination centre). */
export const CENTRE_TYPES = [
  { id: '1', name: 'Testzentrum' },
  { id: '2', name: 'Impfzentrum' },
  { id: '3', name: 'Apotheke' },
  { id: '4', name: 'Arztpraxis' },
] as const;

/** Default slot length of a new service, minutes (configuration-admin §9). */
export const DEFAULT_SLOT_LENGTH_MINUTES = 10;
export const SERVICE_PAGE_SIZES = [20, 40, 60] as const;

/** Weekday names by the spec's day_index (1 = Sunday … 7 = Saturday). */
export const WEEKDAYS: Record<number, string> = {
  1: 'Sonntag',
  2: 'Montag',
  3: 'Dienstag',
  4: 'Mittwoch',
  5: 'Donnerstag',
  6: 'Freitag',
  7: 'Samstag',
};
/** Largest signature image accepted with a check-in form (decoded PNG bytes). */
export const SIGNATURE_MAX_BYTES = 500 * 1024;

/** Vaccines offered in the vaccination data dialog (free text stays possible). */
export const VACCINES = [
  'Comirnaty (BioNTech/Pfizer)',
  'Spikevax (Moderna)',
  'Nuvaxovid (Novavax)',
  'Bimervax (HIPRA)',
  'Influsplit Tetra (Grippe)',
  'Vaxigrip Tetra (Grippe)',
] as const;
/** The roles a centre's user list offers (core-workflow §6), strongest first. */
export const ASSIGNABLE_ROLES = [ROLE.admin, ROLE.manager, ROLE.staff] as const;

/** The platform's test types (ids are stored on services; 3 and 5 offer the official OEGD form). */
export const TEST_TYPES = [
  { id: 1, label: 'Antigen-Schnelltest' },
  { id: 2, label: 'PCR-Test' },
  { id: 3, label: 'Antigen-Schnelltest (ÖGD)' },
  { id: 4, label: 'Antikörpertest' },
  { id: 5, label: 'PoC-PCR-Test (ÖGD)' },
  { id: 6, label: 'Impfung' },
] as const;

/** PCR appointments are those of services whose test type is a PCR test (label says PCR, as DEMIS reads it): 2 and 5. */
export const PCR_TEST_TYPES: readonly number[] = TEST_TYPES.filter((t) => /pcr/i.test(t.label)).map((t) => t.id);
