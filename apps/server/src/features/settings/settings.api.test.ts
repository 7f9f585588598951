import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import tls from 'node:tls';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { SETTINGS_LABELS } from '@tz/shared/settings/settings.contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { demisCertificates } from '../../db/schema/settings';
import { centreWithUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isPkcs12, loadDemisCertificate } from './demis-certificate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A self-signed test certificate made with `openssl pkcs12 -export` (passphrase "geheim").
const P12 = readFileSync(new URL('./fixtures/test-demis.p12', import.meta.url));
// The same kind of file in the legacy format gematik's own test certificate has (certificate bag
// pbeWithSHA1And40BitRC2-CBC, key 3DES, SHA-1 MAC), made with OpenSSL 3.0:
//   openssl req -x509 -newkey rsa:2048 -nodes -keyout k.pem -out c.pem -days 36500 -subj "/CN=test-lab999/O=Testzentrum Fixture"
//   openssl pkcs12 -export -legacy -inkey k.pem -in c.pem -out test-demis-legacy.p12 -passout pass:geheim
const LEGACY_P12 = readFileSync(new URL('./fixtures/test-demis-legacy.p12', import.meta.url));

const admin = () => centreWithUser(t.app, t.database.db, ROLE.admin);

const record = {
  full_name: 'Testzentrum Am Markt',
  search_name: 'am-markt',
  email: 'info@markt.example',
  info: 'Viele Grüße',
  email_backup: '',
  phone: '0221 555',
  phone_int: '+49 221 555',
  time_zone: 'Europe/Berlin',
  company_service_hours: 'Mo–Fr 8–18',
  address: 'Markt 1',
  tz_street: 'Markt',
  tz_street_number: '1',
  tz_zip: '50667',
  tz_city: 'Köln',
  tz_institution_type: '§4a',
  type: '2',
  invoice_mail: 'rechnung@markt.example',
  inv_entity: 'Markt GmbH',
  inv_street: 'Markt 1',
  inv_zip: '50667',
  inv_city: 'Köln',
  domain: '',
  profession_title: '',
  profession_chamber: '',
  profession_registration: '',
  profession_number: '',
  UID: 'DE999999999',
  handelsregister_nummer: '',
  handelsregister_ort: '',
  impressum_link: '',
  prof_responsible: 'Dr. A',
  prof_dataprotect: 'B',
  prof_entity: 'Markt GmbH',
  default_IVA: 7.25,
  link_to_info_booklet_for_positive_cases: '',
  force_payment_classification: true,
  overwrite_payment_classification: false,
  ik_nr: '',
  demis_account_name: 'test-lab999',
  demis_bsnr: '',
  demis_lab_id: '10285',
  demis_street: 'Markt',
  demis_street_nr: '1',
  demis_city: 'Köln',
  demis_zip: '50667',
  health_department: 'GA Köln',
  health_department_testcenter_id: 'K-1',
  health_department_contact: '',
  health_department_email: 'ga@koeln.example',
  health_department_zip: '50667',
  oegd_zip: '',
  color1: '#112233',
  color2: '#445566',
  color3: '#778899',
  google_maps_link: '',
  google_maps_embed: '',
};

function multipart(filename: string, content: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----tzboundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(a: Awaited<ReturnType<typeof admin>>, filename: string, content: Buffer, passphrase?: string) {
  const body = multipart(filename, content, passphrase ? { passphrase } : {});
  return t.app.inject({
    method: 'POST',
    url: `/api/staff/${a.centre.id}/settings/demis-certificate`,
    headers: { ...a.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('centre settings', () => {
  it('saves the whole record, takes city from tz_city and stores empty fields as null', async () => {
    const a = await admin();
    const session = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: a.headers })).json().centre;
    expect((await session()).full_name).not.toBe('Testzentrum Am Markt');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/${a.centre.id}/settings`,
      headers: a.headers,
      payload: record,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.settingsSaved);
    const got = (
      await t.app.inject({ method: 'GET', url: `/api/staff/${a.centre.id}/settings`, headers: a.headers })
    ).json();
    expect(got).toMatchObject({
      full_name: 'Testzentrum Am Markt',
      city: 'Köln',
      default_IVA: 7.25,
      type: '2',
      force_payment_classification: true,
      domain: null,
      demis_cert_filename: null,
    });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'centre_settings'));
    expect(audit?.after).toMatchObject({ full_name: 'Testzentrum Am Markt' });
    // The session answer (sidebar, header) shows the new name at once.
    expect((await session()).full_name).toBe('Testzentrum Am Markt');
  });

  it('refuses a record missing a required field and names the field', async () => {
    const a = await admin();
    for (const field of ['full_name', 'UID', 'inv_city', 'color2'] as const) {
      const { [field]: _, ...rest } = record;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/staff/${a.centre.id}/settings`,
        headers: a.headers,
        payload: field === 'UID' ? { ...record, UID: '  ' } : rest,
      });
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        field,
      ).toContain(field);
      // the field's path is in details only; the message names the field by its German label
      expect(res.json().message, field).not.toContain(field);
      expect(res.json().message, field).toContain(`${SETTINGS_LABELS[field]} ist ein Pflichtfeld`);
    }
  });

  it('allows default_IVA with two decimals, not three', async () => {
    const a = await admin();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/${a.centre.id}/settings`,
      headers: a.headers,
      payload: { ...record, default_IVA: 7.125 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(MSG.vatTwoDecimals);
  });

  it('refuses an unknown time zone, which would break "today"', async () => {
    const a = await admin();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/${a.centre.id}/settings`,
      headers: a.headers,
      payload: { ...record, time_zone: 'Mars/Olympus' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain('time_zone');
  });

  it('offers the centre types and refuses an unknown one', async () => {
    const a = await admin();
    const types = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${a.centre.id}/settings/centre-types`,
      headers: a.headers,
    });
    expect(types.json()).toContainEqual({ id: '2', name: 'Impfzentrum' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/${a.centre.id}/settings`,
      headers: a.headers,
      payload: { ...record, type: '99' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.centreTypeUnknown);
    expect(res.json().details).toEqual([{ field: 'type', message: MSG.centreTypeUnknown }]);
  });

  it('refuses roles 25 and 30', async () => {
    for (const role of [ROLE.manager, ROLE.staff]) {
      const u = await centreWithUser(t.app, t.database.db, role);
      for (const call of [
        { method: 'GET' as const, url: `/api/staff/${u.centre.id}/settings` },
        { method: 'PUT' as const, url: `/api/staff/${u.centre.id}/settings`, payload: record },
      ]) {
        const res = await t.app.inject({ ...call, headers: u.headers });
        expect(res.statusCode, `${role} ${call.method}`).toBe(403);
      }
      const up = await upload(u, 'zert.p12', P12);
      expect(up.statusCode).toBe(403);
    }
  });
});

describe('DEMIS certificate', () => {
  it('recognises PKCS#12 by its ASN.1 header', () => {
    expect(isPkcs12(P12)).toBe(true);
    expect(isPkcs12(Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB'))).toBe(false);
    expect(isPkcs12(P12.subarray(0, 200))).toBe(false);
    // a DER SEQUENCE with version 3 but another content type
    const other = Buffer.from(P12);
    other[21] = 0x03;
    expect(isPkcs12(other)).toBe(false);
  });

  it('stores a real .p12 encrypted, answers "Hochgeladen" and sets only the file name', async () => {
    const a = await admin();
    const res = await upload(a, 'C:\\Zertifikate\\demis.p12', P12, 'geheim');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.uploaded, demis_cert_filename: 'demis.p12', converted: false });

    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${a.centre.id}/settings`,
      headers: a.headers,
    });
    expect(settings.json().demis_cert_filename).toBe('demis.p12');
    expect(settings.body).not.toContain(P12.toString('base64').slice(0, 40));

    const [row] = await t.database.db
      .select()
      .from(demisCertificates)
      .where(eq(demisCertificates.staff_id, a.centre.id));
    expect(Buffer.from(row!.ciphertext, 'base64').equals(P12)).toBe(false);
    expect(row!.passphrase_ciphertext).not.toContain('geheim');

    const loaded = await loadDemisCertificate(t.database.db, t.deps.config, a.centre.id);
    expect(loaded?.pfx.equals(P12)).toBe(true);
    expect(loaded?.passphrase).toBe('geheim');
    // another key cannot read it
    await expect(
      loadDemisCertificate(t.database.db, { certKey: 'a-different-key-of-at-least-32-chars!!' }, a.centre.id),
    ).rejects.toThrow();
    expect(await loadDemisCertificate(t.database.db, t.deps.config, a.centre.id + 100_000)).toBeUndefined();
  });

  it('refuses a file named .p12 that is not PKCS#12, and any other extension', async () => {
    const a = await admin();
    const fake = await upload(a, 'zertifikat.p12', Buffer.from('kein Zertifikat, nur Text'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(MSG.certificateNotPkcs12);
    const pem = await upload(a, 'zertifikat.pem', P12);
    expect(pem.statusCode).toBe(400);
    expect(pem.json().message).toBe(MSG.certificateOnlyP12);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${a.centre.id}/settings`,
      headers: a.headers,
    });
    expect(settings.json().demis_cert_filename).toBeNull();
  });

  it('refuses an upload without a file', async () => {
    const a = await admin();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${a.centre.id}/settings/demis-certificate`,
      headers: a.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.certificateMissing);
  });

  it('refuses a wrong passphrase with a clear message at the passphrase field and stores nothing', async () => {
    const a = await admin();
    for (const [file, pass] of [
      [P12, 'falsch'],
      [P12, undefined],
      [LEGACY_P12, 'falsch'],
    ] as const) {
      const res = await upload(a, 'demis.p12', file, pass);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'CERTIFICATE_WRONG_PASSPHRASE',
        message: MSG.certificateWrongPassphrase,
        details: [{ field: 'passphrase', message: MSG.certificateWrongPassphrase }],
      });
    }
    expect(
      await t.database.db.select().from(demisCertificates).where(eq(demisCertificates.staff_id, a.centre.id)),
    ).toEqual([]);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${a.centre.id}/settings`,
      headers: a.headers,
    });
    expect(settings.json().demis_cert_filename).toBeNull();
  });

  it('accepts a legacy PKCS#12 file (RC2-40/3DES) and stores it re-encrypted with AES, so TLS can open it', async () => {
    // The fixture really is what OpenSSL 3 refuses by default.
    expect(() => tls.createSecureContext({ pfx: LEGACY_P12, passphrase: 'geheim' })).toThrow(/Unsupported/i);
    const a = await admin();
    const res = await upload(a, 'gematik-test.p12', LEGACY_P12, 'geheim');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.uploaded, demis_cert_filename: 'gematik-test.p12', converted: true });
    const stored = await loadDemisCertificate(t.database.db, t.deps.config, a.centre.id);
    expect(stored!.pfx.equals(LEGACY_P12)).toBe(false);
    expect(stored!.passphrase).toBe('geheim');
    expect(() => tls.createSecureContext({ pfx: stored!.pfx, passphrase: 'geheim' })).not.toThrow();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(a.centre.id)));
    expect(audits.find((r) => r.entity === 'demis_certificate')?.after).toMatchObject({ converted: true });
  });

  it('refuses a PKCS#12 file without a private key', async () => {
    const dir = mkdtempSync(`${os.tmpdir()}/tz-cert-`);
    try {
      const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
      run(
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'k.pem',
        '-out',
        'c.pem',
        '-days',
        '2',
        '-subj',
        '/CN=x',
      );
      run('pkcs12', '-export', '-nokeys', '-in', 'c.pem', '-out', 'nokey.p12', '-passout', 'pass:geheim');
      const a = await admin();
      const res = await upload(a, 'nokey.p12', readFileSync(`${dir}/nokey.p12`), 'geheim');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'CERTIFICATE_UNREADABLE', message: MSG.certificateUnreadable });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('DEMIS identifiers in the settings', () => {
  const put = async (a: Awaited<ReturnType<typeof admin>>, fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/staff/${a.centre.id}/settings`,
      headers: a.headers,
      payload: { ...record, ...fields },
    });

  it('saves account name, BSNR and participant number as three fields', async () => {
    const a = await admin();
    const res = await put(a, { demis_account_name: ' test-lab999 ', demis_bsnr: '123456789', demis_lab_id: '123456' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      demis_account_name: 'test-lab999',
      demis_bsnr: '123456789',
      demis_lab_id: '123456',
    });
    // the BSNR is optional: a centre without one leaves it empty
    const without = await put(a, { demis_bsnr: '' });
    expect(without.json().settings.demis_bsnr).toBeNull();
  });

  it.each([
    ['demis_bsnr', '12345678', MSG.demisBsnrFormat],
    ['demis_bsnr', '1234567890', MSG.demisBsnrFormat],
    ['demis_bsnr', '12345678a', MSG.demisBsnrFormat],
    ['demis_lab_id', '1234', MSG.demisLabIdFormat],
    ['demis_lab_id', '1234567', MSG.demisLabIdFormat],
    ['demis_lab_id', 'LAB-MS-01', MSG.demisLabIdFormat],
    ['demis_account_name', 'test lab', MSG.demisAccountNameFormat],
  ])('refuses %s "%s" with a message at the field and changes nothing', async (field, value, message) => {
    const a = await admin();
    const res = await put(a, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field, message }]);
    const got = await t.app.inject({ method: 'GET', url: `/api/staff/${a.centre.id}/settings`, headers: a.headers });
    expect(got.json().full_name).not.toBe(record.full_name);
  });
});
