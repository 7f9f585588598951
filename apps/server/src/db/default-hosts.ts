import type { DbOrTx } from './client';
import { hosts } from './schema/platform';

/** The hosts every installation knows; more are rows in the same table. */
export async function ensureDefaultHosts(db: DbOrTx) {
  const base = {
    brand: 'Testzentrum Backoffice',
    logo_url: '/logo.svg',
    cert_system_url: null,
    declaration_url: null,
    statistik_url: 'https://statistik.testzentrum.example/',
    faq_url: 'https://hilfe.testzentrum.example/faq',
    instant_booking_url: 'https://buchung.testzentrum.example/sofort',
  };
  await db
    .insert(hosts)
    .values([
      { host: 'localhost', api_url: 'http://localhost:3000/api', ...base },
      { host: '127.0.0.1', api_url: 'http://127.0.0.1:3000/api', ...base },
    ])
    .onConflictDoNothing();
}
