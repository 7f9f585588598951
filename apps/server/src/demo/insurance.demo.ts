import type { DbOrTx } from '../db/client';
import { insuranceIks, insuranceProviders } from '../db/schema/insurance';

/** Well-known statutory insurers with their 9-digit institution codes (IK), platform-wide. */
export const INSURERS: [string, string[]][] = [
  ['AOK Baden-Württemberg', ['108018007']],
  ['AOK Bayern', ['108310400']],
  ['AOK Nordost', ['109519005']],
  ['AOK PLUS', ['107299005']],
  ['AOK Rheinland/Hamburg', ['104212059']],
  ['BARMER', ['104940005']],
  ['DAK-Gesundheit', ['105830016']],
  ['hkk Krankenkasse', ['103170002']],
  ['HEK – Hanseatische Krankenkasse', ['101570104']],
  ['IKK classic', ['107202793']],
  ['KKH Kaufmännische Krankenkasse', ['102171012']],
  ['Knappschaft', ['109905003']],
  ['Techniker Krankenkasse', ['101575519']],
];

export async function seedInsurance(tx: DbOrTx) {
  for (const [name, iks] of INSURERS) {
    const [provider] = await tx.insert(insuranceProviders).values({ name }).returning({ id: insuranceProviders.id });
    await tx
      .insert(insuranceIks)
      .values(iks.map((nr) => ({ provider_id: provider!.id, nr })))
      .onConflictDoNothing();
  }
}
