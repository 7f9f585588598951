import { readFileSync } from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import type { Config } from '../../config';
import type { DemisCertificate } from './demis-certificate-source';

/** A failed exchange with DEMIS: the HTTP status (0 = no answer, e.g. TLS refused) and a readable reason. */
export class DemisTransportError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type DemisConfig = Pick<
  Config,
  'demisUrl' | 'demisNotificationPath' | 'demisClientId' | 'demisClientSecret' | 'demisCaFile'
>;

const TIMEOUT_MS = 30_000;

function agentFor(cert: DemisCertificate, config: DemisConfig) {
  // A custom CA is trusted in addition to the public roots (DEMIS test setups).
  const ca = config.demisCaFile ? [...tls.rootCertificates, readFileSync(config.demisCaFile, 'utf8')] : undefined;
  return new https.Agent({ pfx: cert.pfx, passphrase: cert.passphrase, ca, keepAlive: false });
}

function post(
  agent: https.Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('Zeitüberschreitung')));
    req.on('error', reject);
    req.end(body);
  });
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export interface OutcomeIssue {
  severity: string;
  diagnostics?: string;
  location?: string;
}

/**
 * The issues of DEMIS' OperationOutcome: the body itself (a 422) or the
 * `operationOutcome` parameter of a successful Parameters answer.
 */
export function outcomeIssues(body: unknown): OutcomeIssue[] {
  const b = body as
    | {
        resourceType?: string;
        issue?: unknown[];
        parameter?: { name: string; resource?: { issue?: unknown[] } }[];
      }
    | undefined;
  const raw =
    b?.resourceType === 'OperationOutcome'
      ? b.issue
      : b?.parameter?.find((p) => p.name === 'operationOutcome')?.resource?.issue;
  return (raw ?? []).map((i) => {
    const issue = i as { severity?: string; diagnostics?: string; details?: { text?: string }; location?: string[] };
    return {
      severity: issue.severity ?? 'error',
      diagnostics: issue.diagnostics ?? issue.details?.text,
      location: issue.location?.join(', '),
    };
  });
}

/** The readable reason of a FHIR OperationOutcome (or of any answer). */
export function outcomeText(body: unknown, fallback: string): string {
  const issues = (body as { issue?: { diagnostics?: string; details?: { text?: string } }[] } | undefined)?.issue;
  const text = issues
    ?.map((i) => i.diagnostics ?? i.details?.text)
    .filter(Boolean)
    .join('; ');
  if (text) return text;
  const err = body as { error_description?: string; error?: string } | undefined;
  return err?.error_description ?? err?.error ?? fallback;
}

/**
 * Token (password grant, the certificate authenticates), then the
 * notification as a FHIR Parameters resource, both over mutual TLS.
 */
export async function sendNotification(
  config: DemisConfig,
  cert: DemisCertificate,
  username: string,
  bundle: unknown,
): Promise<{ status: number; body: unknown }> {
  // DEMIS would refuse the token anyway; never send a request that can only fail.
  if (!config.demisClientSecret) throw new DemisTransportError(0, 'Kein DEMIS-Client-Secret konfiguriert');
  const base = config.demisUrl.endsWith('/') ? config.demisUrl : `${config.demisUrl}/`;
  const agent = agentFor(cert, config);
  try {
    let tokenRes: { status: number; text: string };
    try {
      tokenRes = await post(
        agent,
        new URL('auth/realms/LAB/protocol/openid-connect/token', base),
        { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        new URLSearchParams({
          grant_type: 'password',
          client_id: config.demisClientId,
          client_secret: config.demisClientSecret,
          username,
        }).toString(),
      );
    } catch (err) {
      throw new DemisTransportError(0, `Verbindung zu DEMIS fehlgeschlagen: ${(err as Error).message}`);
    }
    const tokenBody = parseJson(tokenRes.text) as { access_token?: string } | undefined;
    if (tokenRes.status !== 200 || !tokenBody?.access_token) {
      throw new DemisTransportError(
        tokenRes.status,
        `DEMIS-Anmeldung abgelehnt: ${outcomeText(tokenBody, tokenRes.text.slice(0, 300) || 'keine Antwort')}`,
        tokenBody,
      );
    }

    const parameters = { resourceType: 'Parameters', parameter: [{ name: 'content', resource: bundle }] };
    let res: { status: number; text: string };
    try {
      res = await post(
        agent,
        new URL(config.demisNotificationPath, base),
        {
          'content-type': 'application/fhir+json',
          accept: 'application/fhir+json',
          authorization: `Bearer ${tokenBody.access_token}`,
        },
        JSON.stringify(parameters),
      );
    } catch (err) {
      throw new DemisTransportError(0, `Verbindung zu DEMIS fehlgeschlagen: ${(err as Error).message}`);
    }
    const body = parseJson(res.text);
    if (res.status < 200 || res.status >= 300) {
      throw new DemisTransportError(
        res.status,
        `DEMIS hat die Meldung abgelehnt: ${outcomeText(body, res.text.slice(0, 300) || 'keine Antwort')}`,
        body,
      );
    }
    return { status: res.status, body };
  } finally {
    agent.destroy();
  }
}

/** The base64 PDF of the receipt ("PDF Quittung") in DEMIS' answer, if any. */
export function receiptPdfOf(answer: unknown): string | undefined {
  const params = (answer as { parameter?: { name: string; resource?: unknown }[] } | undefined)?.parameter;
  const bundle = params?.find((p) => p.name === 'bundle')?.resource as
    | { entry?: { resource?: { resourceType?: string; contentType?: string; data?: string } }[] }
    | undefined;
  const binary = bundle?.entry?.find(
    (e) => e.resource?.resourceType === 'Binary' && e.resource.contentType === 'application/pdf',
  );
  return binary?.resource?.data;
}
