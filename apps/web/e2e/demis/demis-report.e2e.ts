import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '@tz/shared/messages';
import { testConfig } from '../../../server/src/config';
import { versionsOf } from '../../../server/src/features/demis/demis-terminology';
import { makeCertificates, startFakeDemis } from '../../../server/src/test/demis-fake';
import { test as base, DEMO_PASSWORD, E2E_NOW, expect, expectAccessible, signIn } from '../fixtures';
import { startServer } from '../server';

/**
 * Reporting against a local DEMIS stand-in (HTTPS with mutual TLS, the
 * profile check of the real one): this file's worker runs its own server
 * pointed at it. The stand-in first expects the code-system versions of a
 * newer profile package, as when DEMIS moved on, so it answers 422 with its
 * diagnostics; then the current ones, so the report goes through.
 */

const SECRET = 'e2e-client-secret';
const current = versionsOf(testConfig());

type Demis = Awaited<ReturnType<typeof startFakeDemis>>;
const test = base.extend<
  object,
  { demis: { fake: Demis; legacyP12: Buffer; caFile: string }; server: { url: string } }
>({
  demis: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const certs = makeCertificates();
      const fake = await startFakeDemis(certs, 'notifications/pathogen/v6/fhir/$process-notification', {
        versions: current,
        clientId: 'demis-test',
        clientSecret: SECRET,
      });
      await use({ fake, legacyP12: certs.clientLegacyP12, caFile: certs.caFile });
      await fake.close();
      certs.cleanup();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  server: [
    async ({ demis }, use, workerInfo) => {
      const server = await startServer(`demis${workerInfo.parallelIndex}`, E2E_NOW, {
        DEMIS_URL: demis.fake.url,
        DEMIS_CA_FILE: demis.caFile,
        DEMIS_CLIENT_SECRET: SECRET,
      });
      await use({ url: server.url });
      await server.stop();
    },
    // Playwright wants an override to repeat `auto`, which its types do not offer for overrides.
    { scope: 'worker', auto: true, timeout: 180_000 } as { scope: 'worker'; timeout: number },
  ],
});

/** The centre's administrator uploads the certificate (gematik's legacy format) through the API. */
async function uploadCertificate(request: APIRequestContext, email: string, p12: Buffer) {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  const { token, bookly_staff_id: staffId } = (await login.json()) as { token: string; bookly_staff_id: number };
  const res = await request.post(`/api/staff/${staffId}/settings/demis-certificate`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { passphrase: 'geheim', file: { name: 'labor.p12', mimeType: 'application/x-pkcs12', buffer: p12 } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Today's list narrowed to the ÖGD test, with Paul Positiv's row (positive, not yet reported). */
async function paulsRow(page: Page, email: string) {
  await signIn(page, email);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Heute' }).click();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('combobox', { name: 'Dienstleistung' }).click();
  await page.getByRole('option', { name: 'Bürgertest ÖGD (Antigen)' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Paul Positiv' });
  await expect(row).toBeVisible();
  return row;
}

test("a rejected report shows DEMIS' diagnostics in German; once DEMIS accepts, the test is reported", async ({
  page,
  request,
  centres,
  demis,
}) => {
  test.slow();
  await uploadCertificate(request, centres.logins.admin, demis.legacyP12);
  demis.fake.expectVersions({ ...current, loinc: '2.80' });
  try {
    const row = await paulsRow(page, centres.logins.staff);
    await row.getByRole('button', { name: 'An DEMIS melden' }).click();
    await page.getByRole('dialog', { name: 'An DEMIS melden' }).getByRole('button', { name: 'Ja' }).click();

    const dialog = page.getByRole('dialog', { name: `${MSG.demisRejectedTitle} (Status 422)` });
    await expect(dialog).toContainText(MSG.demisRejectedIntro);
    await expect(dialog.getByRole('listitem')).toContainText([
      'Version „2.79“ statt der geltenden „2.80“. (Stelle: Observation.code.coding[0].version)',
    ]);
    await expect(dialog).toContainText(MSG.demisRejectedHint);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Schließen' }).last().click();
    await expect(row.getByText(MSG.demisReported)).toHaveCount(0);

    // DEMIS' package and ours agree again: the same click reports the test.
    demis.fake.expectVersions(current);
    await row.getByRole('button', { name: 'An DEMIS melden' }).click();
    await page.getByRole('dialog', { name: 'An DEMIS melden' }).getByRole('button', { name: 'Ja' }).click();
    await expect(row.getByText(MSG.demisReported).first()).toBeVisible();
    await expect(row.getByRole('button', { name: 'An DEMIS melden' })).toHaveCount(0);
  } finally {
    demis.fake.expectVersions(current);
  }
  const sent = demis.fake.notifications.at(-1)!.body.parameter[0]!.resource as {
    entry: { resource: { resourceType: string; name?: { family: string }[] } }[];
  };
  expect(sent.entry.find((e) => e.resource.resourceType === 'Patient')?.resource.name?.[0]?.family).toBe('Positiv');
});

test('the DEMIS settings explain the three identifiers and refuse a wrong one at its field', async ({
  page,
  centres,
}) => {
  test.slow();
  await signIn(page, centres.logins.admin);
  await page.goto('/settings/DEMIS');
  // the whole settings record loads first (a full page load on a busy machine)
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'DEMIS', level: 2 })).toBeInViewport();
  const account = page.getByRole('textbox', { name: 'DEMIS-Benutzername' });
  await expect(account).toHaveValue('test-lab999');
  await expect(account).toHaveAccessibleDescription(MSG.demisHelpAccountName);
  await expect(page.getByRole('textbox', { name: 'DEMIS-Teilnehmernummer (Labor-ID)' })).toHaveAccessibleDescription(
    MSG.demisHelpLabId,
  );
  // the shared eligibility rule on the screen: only the certificate is missing
  await expect(page.getByRole('alert').filter({ hasText: MSG.demisNotReady })).toContainText('DEMIS-Zertifikat (.p12)');
  const bsnr = page.getByRole('textbox', { name: 'BSNR (Betriebsstättennummer)' });
  await expect(bsnr).toHaveAccessibleDescription(MSG.demisHelpBsnr);

  await bsnr.fill('12345678');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText(MSG.demisBsnrFormat, { exact: true })).toBeVisible();
  await expect(bsnr).toHaveAttribute('aria-invalid', 'true');

  // A certificate with the wrong passphrase: said at the passphrase field, nothing stored.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'labor.p12',
    mimeType: 'application/x-pkcs12',
    buffer: readFileSync(
      new URL('../../../server/src/features/settings/fixtures/test-demis-legacy.p12', import.meta.url),
    ),
  });
  const passphrase = page.getByLabel('Passwort des Zertifikats');
  await passphrase.fill('falsch');
  await page.getByRole('button', { name: 'Zertifikat hochladen' }).click();
  await expect(page.getByText(MSG.certificateWrongPassphrase)).toBeVisible();
  await expect(page.getByText('Hinterlegtes Zertifikat: keines')).toBeVisible();
  await passphrase.fill('geheim');
  await page.getByRole('button', { name: 'Zertifikat hochladen' }).click();
  await expect(page.getByText(`${MSG.uploaded}. ${MSG.certificateConverted}`)).toBeVisible();
  await expect(page.getByText('Hinterlegtes Zertifikat: labor.p12')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MSG.demisReady })).toBeVisible();
  // without phone and e-mail the centre cannot report (facility telecom 1..*)
  await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('');
  await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill('');
  await expect(page.getByRole('alert').filter({ hasText: MSG.demisNotReady })).toContainText(
    'Telefon oder E-Mail des Zentrums (Stammdaten)',
  );
  await expectAccessible(page);
});
