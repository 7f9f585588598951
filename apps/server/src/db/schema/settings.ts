import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { centres } from './centres';

/**
 * The centre's DEMIS client certificate (PKCS#12), encrypted at rest with
 * AES-256-GCM under a key derived from CERT_KEY. Binary values are base64.
 * Never returned by any endpoint; only the DEMIS reporting reads it.
 */
export const demisCertificates = pgTable('demis_certificates', {
  staff_id: integer('staff_id')
    .primaryKey()
    .references(() => centres.id),
  filename: text('filename').notNull(),
  iv: text('iv').notNull(),
  tag: text('tag').notNull(),
  ciphertext: text('ciphertext').notNull(),
  passphrase_iv: text('passphrase_iv'),
  passphrase_tag: text('passphrase_tag'),
  passphrase_ciphertext: text('passphrase_ciphertext'),
  uploaded_by: integer('uploaded_by'),
  uploaded_at: timestamp('uploaded_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
});
