import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import {
  checkLaboratoryNotification,
  type ExpectedVersions,
  errorsOf,
  warningsOf,
} from '../features/demis/demis-conformance';

/**
 * Certificates for a DEMIS stand-in, made with openssl: a CA, a server
 * certificate for localhost and two client .p12 files (one from our CA, one
 * from a foreign CA that the server must refuse).
 */
export function makeCertificates() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tz-demis-'));
  const p = (f: string) => path.join(dir, f);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '2',
    '-subj',
    '/CN=DEMIS Test CA',
  );
  writeFileSync(p('server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  ssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.crt',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  );
  ssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'client.key',
    '-out',
    'client.csr',
    '-subj',
    '/CN=demis-lab-4711',
  );
  ssl(
    'x509',
    '-req',
    '-in',
    'client.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'client.crt',
    '-days',
    '2',
  );
  ssl(
    'pkcs12',
    '-export',
    '-inkey',
    'client.key',
    '-in',
    'client.crt',
    '-out',
    'client.p12',
    '-passout',
    'pass:geheim',
  );
  // The same identity in the legacy format gematik's own test certificate has (RC2-40 / 3DES).
  ssl(
    'pkcs12',
    '-export',
    '-legacy',
    '-inkey',
    'client.key',
    '-in',
    'client.crt',
    '-out',
    'client-legacy.p12',
    '-passout',
    'pass:geheim',
  );
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'foreign.key',
    '-out',
    'foreign.crt',
    '-days',
    '2',
    '-subj',
    '/CN=demis-lab-4711',
  );
  ssl(
    'pkcs12',
    '-export',
    '-inkey',
    'foreign.key',
    '-in',
    'foreign.crt',
    '-out',
    'foreign.p12',
    '-passout',
    'pass:geheim',
  );
  return {
    dir,
    caFile: p('ca.crt'),
    ca: readFileSync(p('ca.crt')),
    serverKey: readFileSync(p('server.key')),
    serverCert: readFileSync(p('server.crt')),
    clientP12: readFileSync(p('client.p12')),
    clientLegacyP12: readFileSync(p('client-legacy.p12')),
    foreignP12: readFileSync(p('foreign.p12')),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ReceivedNotification {
  clientCn: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { resourceType: string; parameter: { name: string; resource: Record<string, unknown> }[] };
}

export const FAKE_PDF = Buffer.from('%PDF-1.4 Meldevorgangsquittung').toString('base64');

/** What the stand-in expects: the code-system versions of the live package and the OAuth client. */
export interface FakeDemisOptions {
  versions: ExpectedVersions;
  clientId: string;
  clientSecret: string;
}

/**
 * A local DEMIS: mutual TLS (client certificate required and checked against
 * our CA), the token endpoint and $process-notification. Like DEMIS it
 * validates the bundle against the profiles (the project's conformance check)
 * and answers 422 with an OperationOutcome whose diagnostics name each broken
 * rule; a valid bundle gets the receipt (ReceiptBundle with the PDF) and an
 * operationOutcome carrying the check's warnings. It can also be told to
 * reject whatever comes (rejectWith).
 */
export async function startFakeDemis(
  certs: ReturnType<typeof makeCertificates>,
  notificationPath: string,
  options: FakeDemisOptions,
) {
  const notifications: ReceivedNotification[] = [];
  const tokenRequests: URLSearchParams[] = [];
  let reject: { status: number; diagnostics: string } | undefined;
  let versions = options.versions;
  let extraWarnings: string[] = [];
  const server = https.createServer(
    { key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const cn = String((req.socket as TLSSocket).getPeerCertificate().subject?.CN ?? '');
        const send = (status: number, body: unknown, type = 'application/json') => {
          res.writeHead(status, { 'content-type': type });
          res.end(JSON.stringify(body));
        };
        if (req.method === 'POST' && req.url === '/auth/realms/LAB/protocol/openid-connect/token') {
          const form = new URLSearchParams(text);
          tokenRequests.push(form);
          if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
            return send(401, {
              error: 'unauthorized_client',
              error_description: 'Invalid client or Invalid client credentials',
            });
          }
          if (form.get('grant_type') !== 'password' || !form.get('username')) {
            return send(400, { error: 'invalid_grant', error_description: 'Benutzer unbekannt' });
          }
          return send(200, { access_token: `token-for-${cn}`, expires_in: 300, refresh_token: 'r' });
        }
        if (req.method === 'POST' && req.url === `/${notificationPath}`) {
          if (req.headers.authorization !== `Bearer token-for-${cn}`) return send(401, { error: 'unauthorized' });
          notifications.push({
            clientCn: cn,
            authorization: req.headers.authorization,
            contentType: req.headers['content-type'],
            body: JSON.parse(text),
          });
          if (reject) {
            return send(
              reject.status,
              {
                resourceType: 'OperationOutcome',
                issue: [{ severity: 'error', code: 'processing', diagnostics: reject.diagnostics }],
              },
              'application/fhir+json',
            );
          }
          const bundle = notifications.at(-1)!.body.parameter?.find((p) => p.name === 'content')?.resource;
          const found = checkLaboratoryNotification(bundle, versions);
          const errors = errorsOf(found);
          if (errors.length > 0) {
            return send(
              422,
              {
                resourceType: 'OperationOutcome',
                issue: errors.map((i) => ({
                  severity: 'error',
                  code: 'invalid',
                  diagnostics: i.message,
                  location: [i.location],
                })),
              },
              'application/fhir+json',
            );
          }
          const warnings = [
            ...warningsOf(found).map((i) => ({
              severity: 'warning',
              code: 'informational',
              diagnostics: i.message,
              location: [i.location],
            })),
            ...extraWarnings.map((diagnostics) => ({ severity: 'warning', code: 'informational', diagnostics })),
          ];
          return send(
            200,
            {
              resourceType: 'Parameters',
              parameter: [
                {
                  name: 'bundle',
                  resource: {
                    resourceType: 'Bundle',
                    meta: { profile: ['https://demis.rki.de/fhir/StructureDefinition/ReceiptBundle'] },
                    type: 'collection',
                    entry: [
                      {
                        resource: {
                          resourceType: 'Composition',
                          type: { coding: [{ system: 'http://loinc.org', code: '80563-0' }] },
                          title: 'Meldevorgangsquittung',
                          section: [{ title: 'PDF Quittung', entry: [{ reference: 'Binary/quittung' }] }],
                        },
                      },
                      {
                        resource: {
                          resourceType: 'Binary',
                          id: 'quittung',
                          contentType: 'application/pdf',
                          data: FAKE_PDF,
                        },
                      },
                    ],
                  },
                },
                {
                  name: 'operationOutcome',
                  resource: {
                    resourceType: 'OperationOutcome',
                    issue: [
                      {
                        severity: 'information',
                        code: 'informational',
                        diagnostics: 'Meldung erfolgreich verarbeitet',
                      },
                      ...warnings,
                    ],
                  },
                },
              ],
            },
            'application/fhir+json',
          );
        }
        send(404, { error: 'not found' });
      });
    },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `https://127.0.0.1:${port}/`,
    notifications,
    tokenRequests,
    rejectWith: (r: typeof reject) => {
      reject = r;
    },
    /** DEMIS moved to another package: it now expects these code-system versions. */
    expectVersions: (v: ExpectedVersions) => {
      versions = v;
    },
    /** Warnings DEMIS adds to its next successful answers (e.g. from its own terminology checks). */
    warnWith: (w: string[]) => {
      extraWarnings = w;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
