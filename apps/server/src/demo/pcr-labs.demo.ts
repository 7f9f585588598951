import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { centrePcrLabs, pcrLabs } from '../db/schema/centres';
import { pcrLabProducts } from '../db/schema/pcr-labs';
import type { DemoIds } from './foundation.demo';

export const DEMO_PCR_PRODUCTS = [
  { name: 'Abstrichtupfer (100 Stück)', number: 'AT-100' },
  { name: 'Probenröhrchen mit Transportmedium (50 Stück)', number: 'PR-050' },
  { name: 'Versandbeutel UN 3373 (25 Stück)', number: 'VB-025' },
  { name: 'Auftragsscheine Muster 10C (Block)', number: 'MS-10C' },
];

/**
 * The PCR labs area of one set of demo centres: the test centre's lab (from the
 * appointments step) shows 'PCR-Labore' in the sidebar and has a product catalogue.
 */
export async function seedPcrLabs(tx: DbOrTx, ids: DemoIds) {
  const [link] = await tx.select().from(centrePcrLabs).where(eq(centrePcrLabs.staff_id, ids.testCentreId));
  if (!link) return;
  await tx.update(pcrLabs).set({ show_sidebar: 1 }).where(eq(pcrLabs.id, link.pcr_lab_id));
  await tx
    .insert(pcrLabProducts)
    .values(DEMO_PCR_PRODUCTS.map((p) => ({ ...p, staff_id: ids.testCentreId, pcr_lab_id: link.pcr_lab_id })));
}
