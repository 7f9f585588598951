import { KV_SPECIAL_NUMBER_LENGTH } from '../constants';
import { MSG } from '../messages';

/** Official test form values (configuration-admin §3). */
export interface OegdFormValues {
  gender: number;
  /** legal basis: 0 none, 1 TestV, 2 self-payer, 3 regional special agreement */
  kind: number;
  /** KV special number, required (5 digits) with kind 3 */
  kind_num: string;
  /** 0 none, 1 contact person / corona app (§2), 2 outbreak (§3), 3 prevention (§4 Abs. 1 Nr. 1 und 2) */
  reason: number;
  /** 0 none, 1 confirmation PCR, 2 variant PCR */
  diagnostic: number;
  /** risk checkboxes 1 to 6 */
  risk: number[];
  optin: boolean;
}

export const OEGD_KIND_SPECIAL_AGREEMENT = 3;

export type OegdFormErrors = Partial<Record<'gender' | 'kind_num', string>>;

/**
 * The rules of configuration-admin §5. The legal-basis and reason checks of the
 * original always pass, so they are deliberately not enforced here either.
 */
export function validateOegdForm(v: Pick<OegdFormValues, 'gender' | 'kind' | 'kind_num'>): OegdFormErrors {
  const errors: OegdFormErrors = {};
  if (!v.gender) errors.gender = MSG.genderRequired;
  const digits = new RegExp(`^\\d{${KV_SPECIAL_NUMBER_LENGTH}}$`);
  if (v.kind === OEGD_KIND_SPECIAL_AGREEMENT && !digits.test(v.kind_num.trim())) errors.kind_num = MSG.kvNumberRequired;
  return errors;
}

export const OEGD_GENDER_OPTIONS = [
  { value: 0, label: 'fehlt' },
  { value: 1, label: 'M' },
  { value: 2, label: 'W' },
  { value: 3, label: 'D (divers)' },
  { value: 4, label: 'X (unbestimmt)' },
] as const;

export const OEGD_KIND_OPTIONS = [
  { value: 0, label: 'keine Angabe' },
  { value: 1, label: 'TestV' },
  { value: 2, label: 'Selbstzahler' },
  { value: 3, label: 'Regionale Sondervereinbarung' },
] as const;

export const OEGD_REASON_OPTIONS = [
  { value: 0, label: 'keine Angabe' },
  { value: 1, label: 'Kontaktperson / Corona-Warn-App (§ 2 TestV)' },
  { value: 2, label: 'Ausbruch (§ 3 TestV)' },
  { value: 3, label: 'Verhütung (§ 4 Abs. 1 Nr. 1 und 2 TestV)' },
] as const;

export const OEGD_DIAGNOSTIC_OPTIONS = [
  { value: 0, label: 'keine Angabe' },
  { value: 1, label: 'Bestätigungs-PCR' },
  { value: 2, label: 'Varianten-PCR' },
] as const;

export const OEGD_RISK_OPTIONS = [
  { value: 1, label: 'Betreuung oder Unterbringung in medizinischen Einrichtungen' },
  { value: 2, label: 'Tätigkeit in medizinischen Einrichtungen' },
  { value: 3, label: 'Betreuung oder Unterbringung in Pflege- und Wohneinrichtungen' },
  { value: 4, label: 'Tätigkeit in Pflege- und Wohneinrichtungen' },
  { value: 5, label: 'Betreuung oder Unterbringung in Gemeinschafts- und sonstigen Einrichtungen' },
  { value: 6, label: 'Tätigkeit in Gemeinschafts- und sonstigen Einrichtungen' },
] as const;
