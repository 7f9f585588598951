import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { hosts } from './schema/platform';

/** What earlier versions stored as the default hosts' API address, whatever port the installation ran on. */
const OLD_DEFAULT_API_URLS = ['http://localhost:3000/api', 'http://127.0.0.1:3000/api'];

/**
 * The hosts every installation knows; more are rows in the same table. Their
 * `api_url` stays empty: the branding answers the installation's own address
 * then (platform.service, hostBranding), not a fixed port.
 */
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
      { host: 'localhost', api_url: null, ...base },
      { host: '127.0.0.1', api_url: null, ...base },
    ])
    .onConflictDoNothing();
  // Rows an earlier start wrote with the fixed port forget it; an address the platform set stays.
  await db
    .update(hosts)
    .set({ api_url: null })
    .where(and(inArray(hosts.host, ['localhost', '127.0.0.1']), inArray(hosts.api_url, OLD_DEFAULT_API_URLS)));
}
