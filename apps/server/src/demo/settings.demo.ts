import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { centres } from '../db/schema/centres';
import type { DemoIds } from './foundation.demo';

/** Fills the settings sections the foundation leaves empty (Impressum, DEMIS address, ÖGD …). */
export async function seedSettings(tx: DbOrTx, ids: DemoIds) {
  const common = {
    default_IVA: '19.00',
    time_zone: 'Europe/Berlin',
    company_service_hours: 'Mo–Fr 8–18 Uhr, Sa 9–13 Uhr',
    domain: 'musterstadt.testzentrum.example',
    profession_title: 'Apotheker',
    profession_chamber: 'Apothekerkammer Nordrhein',
    profession_registration: 'Deutschland',
    handelsregister_nummer: 'HRB 12345',
    handelsregister_ort: 'Amtsgericht Musterstadt',
    impressum_link: 'https://musterstadt.testzentrum.example/impressum',
    link_to_info_booklet_for_positive_cases: 'https://musterstadt.testzentrum.example/merkblatt-positiv.pdf',
    oegd_zip: '51466',
    google_maps_link: 'https://maps.example/?q=Musterstra%C3%9Fe+14+Musterstadt',
  };
  await tx
    .update(centres)
    .set({
      ...common,
      address: 'Musterstraße 14, 51466 Musterstadt',
      ik_nr: '123456789',
      health_department_contact: 'Frau Dr. Beispiel',
      // DEMIS address and identifiers are set; the certificate must still be uploaded in the settings.
      // Account name as gematik's test certificate has it; participant number and BSNR are examples.
      demis_account_name: 'test-lab999',
      demis_lab_id: '10285',
      demis_bsnr: '123456789',
      demis_street: 'Musterstraße',
      demis_street_nr: '14',
      demis_city: 'Musterstadt',
      demis_zip: '51466',
    })
    .where(eq(centres.id, ids.testCentreId));
  await tx
    .update(centres)
    .set({ ...common, address: 'Impfweg 2, 51466 Musterstadt', company_service_hours: 'Mo–Fr 9–17 Uhr' })
    .where(eq(centres.id, ids.vaccinationCentreId));
}
