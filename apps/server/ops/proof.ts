/**
 * npm run ops:proof (issue 27): the production setup, proven on this machine. Debian's nginx with a
 * self-signed certificate in front of two app instances (NODE_ENV=production, real secrets, no demo data)
 * on one PostgreSQL database of the proof's own (on the server of TEST_DATABASE_URL, dropped afterwards),
 * driven through https:// only. Each proven property is one test in the JSON report (--report FILE, in
 * vitest's shape, which scripts/test.mjs counts). Everything it starts it stops: nginx, both instances,
 * the SMTP sink; the temp folder and the databases go.
 */
import { type ChildProcess, execFileSync, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppointmentValues, appointmentOf } from '@tz/shared/appointments/appointment-values';
import pg from 'pg';
import { freePort } from '../src/features/reliability/server-process';
import { startSmtp } from '../src/test/smtp';

const started = Date.now();
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const SITE_CONFIG = path.join(repoRoot, 'deploy/nginx/testzentrum.conf');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const reportFile = arg('--report');
const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!baseUrl) {
  console.error(
    'npm run ops:proof braucht TEST_DATABASE_URL (PostgreSQL-Server, auf dem es eigene Datenbanken anlegt).',
  );
  process.exit(1);
}

// ── results ─────────────────────────────────────────────────────────────────
interface Result {
  title: string;
  ok: boolean;
  detail: string;
}
const results: Result[] = [];
const figures: Record<string, string | number> = {};
function prove(title: string, ok: boolean, detail = '') {
  results.push({ title, ok, detail });
  console.log(`  ${ok ? '✓' : '✗'} ${title}${detail ? ` — ${detail}` : ''}`);
}
async function step(title: string, body: () => Promise<unknown>) {
  try {
    prove(title, true, String((await body()) ?? ''));
  } catch (err) {
    prove(title, false, err instanceof Error ? err.message : String(err));
  }
}
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nicht erreicht in ${ms / 1000} s: ${what}`);
    await sleep(100);
  }
}

// ── what gets cleaned up ───────────────────────────────────────────────────
const cleanups: (() => Promise<void> | void)[] = [];
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function ensureNginx(): string {
  const found = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (found) return found;
  console.log('» nginx fehlt: apt-get install nginx');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq nginx`, {
    stdio: 'inherit',
  });
  // Debian's package may start its own service on port 80; the proof never uses it.
  return '/usr/sbin/nginx';
}

const dbUrl = (name: string) => {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: dbUrl('postgres') });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A node process of the server package (src/main.ts or the CLI), its output kept. */
function spawnNode(args: string[], env: Record<string, string>, name: string, logFile?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (logFile) writeFileSync(logFile, out);
      resolve(code);
    }),
  );
  return { child, name, output: () => out, exited };
}

// ── HTTPS client: the proof's CA, a chosen source address, keep-alive ──────
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked field by field
  json: any;
}
function call(
  base: string,
  method: string,
  url: string,
  options: {
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    from?: string;
    ca?: Buffer;
    agent?: http.Agent;
  } = {},
): Promise<Answer> {
  const target = new URL(url, base);
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target,
      {
        method,
        ca: options.ca,
        agent: options.agent,
        localAddress: options.from,
        servername: 'localhost',
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`Zeitüberschreitung ${method} ${url}`)));
    if (payload) req.write(payload);
    req.end();
  });
}

// ── the proof ───────────────────────────────────────────────────────────────
async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tz-ops-proof-'));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  // nginx's workers run as nobody when started by root: they read the prefix and write its temp folders.
  chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, 'data');
  mkdirSync(dataDir, { recursive: true });

  const suffix = `${process.pid}_${Date.now()}`;
  const liveDb = `tz_ops_proof_${suffix}`;
  const restoreDb = `tz_ops_restore_${suffix}`;
  await admin((c) => c.query(`create database ${liveDb}`));
  cleanups.push(() => admin((c) => c.query(`drop database if exists ${liveDb} with (force)`)).then(() => {}));
  const databaseUrl = dbUrl(liveDb);

  const nginxBin = ensureNginx();
  const smtp = await startSmtp();
  cleanups.push(() => smtp.close());

  // Certificate for localhost, made here.
  const certFile = path.join(tmp, 'fullchain.pem');
  const keyFile = path.join(tmp, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  const ca = readFileSync(certFile);

  const [httpsPort, httpPort, portA, portB] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const publicUrl = `https://localhost:${httpsPort}`;
  const metricsToken = randomBytes(24).toString('hex');
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), CERT_KEY: randomBytes(32).toString('hex') };
  const env = {
    NODE_ENV: 'production',
    ...secrets,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Testzentrum <noreply@termine.example>',
    LOG_LEVEL: 'info',
    WORKER: '1',
    EXPORT_POLL_SECONDS: '1',
    METRICS: '1',
    METRICS_ALLOW: '127.0.0.1',
    METRICS_TOKEN: metricsToken,
    BACKUP_SCHEDULE: '*/4 * * * * *',
    BACKUP_KEEP: '2',
    RETENTION_SCHEDULE: '*/20 * * * * *',
    BOOKING_MAX_PER_IP_HOUR: '3',
    DEMIS_ENVIRONMENT: 'test',
  };
  const password = `Proof-${randomBytes(6).toString('hex')}`;
  const adminEmail = 'betrieb@plattform.example';

  console.log('» Erster Start: Migrationen und der erste Plattform-Administrator (npm run platform-admin)');
  const first = spawnNode(
    ['src/features/lifecycle/cli.ts', 'platform-admin', '--email', adminEmail, '--name', 'Paul Betrieb'],
    env,
    'platform-admin',
  );
  first.child.stdin!.end(password);
  check((await first.exited) === 0, `platform-admin: ${first.output()}`);

  console.log('» Zwei Instanzen, nginx davor');
  const logs = { a: path.join(tmp, 'instance-a.log'), b: path.join(tmp, 'instance-b.log') };
  const a = spawnNode(['src/main.ts'], { ...env, PORT: String(portA) }, 'A', logs.a);
  const b = spawnNode(['src/main.ts'], { ...env, PORT: String(portB) }, 'B', logs.b);
  const stop = async (p: typeof a) => {
    if (p.child.exitCode === null) p.child.kill('SIGTERM');
    return p.exited;
  };
  cleanups.push(async () => {
    await Promise.all([stop(a), stop(b)]);
  });
  const direct = (port: number) => `http://127.0.0.1:${port}`;
  await Promise.all(
    [portA, portB].map((port) =>
      until(
        `Instanz auf ${port} bereit`,
        async () => ((await call(direct(port), 'GET', '/api/ready')).status === 200 ? true : undefined),
        60_000,
      ),
    ),
  );
  figures.instances = 2;

  // nginx with the shipped site configuration; only names, ports and paths replaced.
  const site = readFileSync(SITE_CONFIG, 'utf8');
  const replacements: [string, string][] = [
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${portA} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${portB} `],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`],
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
    ['server_name termine.example.de;', 'server_name localhost;'],
    ['/etc/ssl/testzentrum/fullchain.pem', certFile],
    ['/etc/ssl/testzentrum/privkey.pem', keyFile],
    ['shared:testzentrum_tls:10m', `shared:tz_proof_${process.pid}:1m`],
  ];
  let siteConf = site;
  for (const [from, to] of replacements) {
    check(siteConf.includes(from), `deploy/nginx/testzentrum.conf enthält „${from}“ nicht mehr`);
    siteConf = siteConf.split(from).join(to);
  }
  const nginxDir = path.join(tmp, 'nginx');
  for (const d of ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) {
    mkdirSync(path.join(nginxDir, d), { recursive: true });
    chmodSync(path.join(nginxDir, d), 0o777);
  }
  writeFileSync(path.join(nginxDir, 'testzentrum.conf'), siteConf);
  writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${nginxDir}/nginx.pid;`,
      `error_log ${nginxDir}/logs/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  access_log ${nginxDir}/logs/access.log;`,
      `  client_body_temp_path ${nginxDir}/body;`,
      `  proxy_temp_path ${nginxDir}/proxy;`,
      `  fastcgi_temp_path ${nginxDir}/fastcgi;`,
      `  uwsgi_temp_path ${nginxDir}/uwsgi;`,
      `  scgi_temp_path ${nginxDir}/scgi;`,
      `  include ${nginxDir}/testzentrum.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const nginx = spawn(
    nginxBin,
    ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'logs/error.log')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  children.add(nginx);
  let nginxErr = '';
  nginx.stderr!.on('data', (c: Buffer) => {
    nginxErr += c.toString();
  });
  const nginxExited = new Promise<void>((r) => nginx.once('exit', () => r()));
  cleanups.push(async () => {
    if (nginx.exitCode === null) nginx.kill('SIGQUIT');
    await nginxExited;
  });
  const keepAlive = new https.Agent({ keepAlive: true, ca });
  const web = (method: string, url: string, o: Parameters<typeof call>[3] = {}) =>
    call(publicUrl, method, url, { ca, agent: o.from ? undefined : keepAlive, ...o });
  await until(
    'nginx antwortet',
    async () => ((await web('GET', '/api/health')).status === 200 ? true : undefined),
    15_000,
  ).catch((err) => {
    throw new Error(`${err.message}\n${nginxErr}`);
  });
  let requests = 0;
  const counted = async (...p: Parameters<typeof web>) => {
    requests++;
    return web(...p);
  };

  // ── the day's work through https ──
  let platformToken = '';
  let centreId = 0;
  let adminToken = '';
  let serviceId = 0;
  let bookingDay = '';
  let bookingTime = '';
  let appointmentId = 0;
  let customerId = 0;
  /** After the last booking: the backup the proof restores must be newer. */
  let bookingsDone = new Date();
  const person = (n: number) => ({
    first_name: 'Konstantin',
    last_name: `Beweisführer-${n}`,
    birthday: '1979-03-14',
    email: `konstantin.beweis-${n}@kunde.example`,
    phone: `0151 ${String(4400000 + n)}`,
    street: 'Nachweisgasse 12',
    postcode: '10115',
    city: 'Berlin',
    consent_privacy: true,
  });

  await step('platform admin signs in over https (first-run path: npm run platform-admin)', async () => {
    const login = await counted('POST', '/api/auth/login', { body: { email: adminEmail, password } });
    check(login.status === 200, `Anmeldung: ${login.status} ${login.text}`);
    platformToken = login.json.token;
    return `${login.headers['strict-transport-security'] ? 'HSTS' : 'ohne HSTS'}`;
  });

  await step('the platform creates and activates a centre; its administrator sets it up', async () => {
    const created = await counted('POST', '/api/platform/centres', {
      token: platformToken,
      body: { full_name: 'Testzentrum Nachweis', city: 'Berlin', type: '1' },
    });
    check(created.status === 200, `Zentrum: ${created.text}`);
    centreId = created.json.id;
    const activated = await counted('POST', `/api/platform/centres/${centreId}/user`, {
      token: platformToken,
      body: { name: 'Greta Leitung', email: 'leitung@nachweis.example', password, staff_id: centreId },
    });
    check(activated.status === 200, `Aktivierung: ${activated.text}`);
    const login = await counted('POST', '/api/auth/login', { body: { email: 'leitung@nachweis.example', password } });
    check(login.status === 200, `Anmeldung Zentrum: ${login.text}`);
    adminToken = login.json.token;
    const current = await counted('GET', `/api/staff/${centreId}/settings`, { token: adminToken });
    check(current.status === 200, `Einstellungen: ${current.text}`);
    const settings = await counted('PUT', `/api/staff/${centreId}/settings`, {
      token: adminToken,
      body: {
        ...current.json,
        search_name: 'nachweis',
        email: 'zentrum@nachweis.example',
        phone: '030 1234567',
        tz_street: 'Prüfstraße',
        tz_street_number: '1',
        tz_zip: '10115',
        tz_city: 'Berlin',
        city: 'Berlin',
        phone_int: '+49 30 1234567',
        invoice_mail: 'rechnung@nachweis.example',
        inv_entity: 'Nachweis Gesundheit GmbH',
        inv_street: 'Prüfstraße 1',
        inv_zip: '10115',
        inv_city: 'Berlin',
        UID: 'DE123456789',
        prof_responsible: 'Dr. Greta Leitung',
        prof_dataprotect: 'Daten Schutz',
        prof_entity: 'Nachweis Gesundheit GmbH',
        color1: '#1c7ed6',
        color2: '#f1f3f5',
        color3: '#212529',
      },
    });
    check(settings.status === 200, `Einstellungen speichern: ${settings.text}`);
    const hours = await counted('POST', `/api/staff/${centreId}/schedule/items`, {
      token: adminToken,
      body: {
        schedule_items: [1, 2, 3, 4, 5, 6, 7].map((day_index) => ({
          day_index,
          start_time: '07:00',
          end_time: '20:00',
        })),
      },
    });
    check(hours.status === 200, `Öffnungszeiten: ${hours.text}`);
    // Results are entered only in a centre with a laboratory (the spec's rule).
    const lab = await counted('POST', `/api/staff/${centreId}/pcr-labs`, {
      token: adminToken,
      body: { name: 'Labor Nachweis', email: 'labor@nachweis.example', show_sidebar: 0, products: [] },
    });
    check(lab.status === 200, `Labor: ${lab.text}`);
    const service = await counted('POST', `/api/staff/${centreId}/services`, {
      token: adminToken,
      body: {
        title: 'Antigen-Schnelltest',
        price: 0,
        slot_length: 900,
        duration: 900,
        capacity_min: 1,
        capacity_max: 50,
      },
    });
    check(service.status === 200, `Dienstleistung: ${service.text}`);
    serviceId = service.json.service.id;
    const active = await counted('POST', `/api/staff/${centreId}/services/activation`, {
      token: adminToken,
      body: { services: [{ service_id: serviceId, active: true }] },
    });
    check(active.status === 200, `Aktivieren: ${active.text}`);
    return `Zentrum ${centreId}`;
  });

  await step('a customer books on the public page; the confirmation mail links to https://', async () => {
    for (let d = 1; d <= 7 && !bookingDay; d++) {
      const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
      const slots = await counted('GET', `/api/public/booking/nachweis/slots?service_id=${serviceId}&date=${day}`);
      if (slots.status === 200 && slots.json.slots.length) {
        bookingDay = day;
        bookingTime = slots.json.slots[0].time;
      }
    }
    check(bookingDay, 'kein buchbarer Tag in den nächsten 7 Tagen');
    const booked = await counted('POST', '/api/public/booking/nachweis', {
      from: '127.0.0.21',
      body: { service_id: serviceId, date: bookingDay, time: bookingTime, ...person(0), consent_result: true },
    });
    check(booked.status === 200, `Buchung: ${booked.status} ${booked.text}`);
    const mail = await until('Bestätigungsmail', async () => smtp.received.find((m) => m.to.includes(person(0).email)));
    check(mail.raw.includes(publicUrl), 'Bestätigungsmail ohne Link auf die öffentliche Adresse');
    return `${bookingDay} ${bookingTime}`;
  });

  await step('staff check in, enter the result and mail the receipt', async () => {
    const list = await counted('POST', `/api/staff/${centreId}/appointments`, {
      token: adminToken,
      body: { startdate: Math.floor(Date.now() / 1000) - 86_400, enddate: Math.floor(Date.now() / 1000) + 9 * 86_400 },
    });
    check(list.status === 200, `Terminliste: ${list.text}`);
    // The list sends each row as its values (APPOINTMENT_FIELDS' order).
    const rows = (list.json as AppointmentValues[]).map(appointmentOf);
    const found = rows.find((r) => r.customer_lastname === person(0).last_name);
    check(found, 'gebuchter Termin nicht in der Liste');
    appointmentId = found.appointment_id;
    customerId = found.customer_id;
    const checkIn = await counted('POST', `/api/staff/${centreId}/appointments/${appointmentId}/check-in`, {
      token: adminToken,
      body: { staff_id: centreId, customer_id: customerId, value: 1 },
    });
    check(checkIn.status === 200, `Check-in: ${checkIn.text}`);
    const result = await counted('POST', `/api/staff/${centreId}/appointments/${appointmentId}/result`, {
      token: adminToken,
      body: { customer_id: customerId, res_detected: 1 },
    });
    check(result.status === 200, `Ergebnis: ${result.text}`);
    const receipt = await counted('POST', `/api/staff/${centreId}/receipts/${appointmentId}/send`, {
      token: adminToken,
      body: {},
    });
    check(receipt.status === 200, `Beleg: ${receipt.text}`);
    await until('Belegmail', async () =>
      smtp.received.filter((m) => m.to.includes(person(0).email)).length >= 3 ? true : undefined,
    );
    return `Termin ${appointmentId}`;
  });

  await step('every link in every mail starts with the public https:// address', async () => {
    const links = smtp.received.flatMap((m) =>
      [...m.raw.replace(/=\r?\n/g, '').matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((x) => x[0]),
    );
    const own = links.filter((l) => /localhost|127\.0\.0\.1|example\.de|termine/.test(l));
    check(own.length > 0, 'keine Links in den Mails');
    const wrong = own.filter((l) => !l.startsWith(`${publicUrl}/`));
    check(wrong.length === 0, `Links nicht auf ${publicUrl}: ${wrong.join(', ')}`);
    return `${own.length} Links in ${smtp.received.length} Mails`;
  });

  await step('a monthly export is produced by exactly one worker and downloads over https', async () => {
    const requested = await counted('POST', `/api/staff/${centreId}/exports`, { token: adminToken, body: {} });
    check(requested.status === 200, `Export: ${requested.text}`);
    const id = requested.json.id;
    const entry = await until('Export erzeugt', async () => {
      const list = await counted('GET', `/api/staff/${centreId}/exports`, { token: adminToken });
      const e = list.json.items.find((x: { id: number; done: number }) => x.id === id && x.done === 1);
      return e;
    });
    const row = await admin(async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      const r = await c.query('select attempts, done from export_queue where id = $1', [id]);
      await c.end();
      return r.rows[0];
    });
    check(row.attempts === 1 && row.done === 1, `Export ${id}: ${JSON.stringify(row)}`);
    const files = readdirSync(path.join(dataDir, 'exports', String(centreId))).filter((f) =>
      f.startsWith(`monatsexport-${id}-`),
    );
    check(files.length === 1, `Exportdateien: ${files.join(', ')}`);
    const download = await counted('GET', `/api/staff/${centreId}/exports/${id}/download`, { token: adminToken });
    check(download.status === 200, `Download: ${download.status}`);
    return `${entry.bucket_filename ?? files[0]}, ${download.body.length} Bytes`;
  });

  await step("the booking page's per-address limit sees each client's own address through the proxy", async () => {
    // BOOKING_MAX_PER_IP_HOUR=3: 127.0.0.21 booked once above; two more, then it is refused.
    for (const n of [1, 2]) {
      const r = await counted('POST', '/api/public/booking/nachweis', {
        from: '127.0.0.21',
        body: { service_id: serviceId, date: bookingDay, time: bookingTime, ...person(n) },
      });
      check(r.status === 200, `Buchung ${n}: ${r.status} ${r.text}`);
    }
    const refused = await counted('POST', '/api/public/booking/nachweis', {
      from: '127.0.0.21',
      body: { service_id: serviceId, date: bookingDay, time: bookingTime, ...person(3) },
    });
    check(refused.status === 429, `vierte Buchung von 127.0.0.21: ${refused.status}`);
    const other = await counted('POST', '/api/public/booking/nachweis', {
      from: '127.0.0.22',
      body: { service_id: serviceId, date: bookingDay, time: bookingTime, ...person(4) },
    });
    check(other.status === 200, `Buchung von 127.0.0.22: ${other.status} ${other.text}`);
    return '127.0.0.21: 3 × 200, dann 429; 127.0.0.22: 200';
  });

  await step('a forged X-Forwarded-For is not believed, through the proxy or around it', async () => {
    const viaProxy = await counted('POST', '/api/public/booking/nachweis', {
      from: '127.0.0.23',
      headers: { 'x-forwarded-for': '127.0.0.21' },
      body: { service_id: serviceId, date: bookingDay, time: bookingTime, ...person(5) },
    });
    check(viaProxy.status === 200, `über nginx mit gefälschtem Header: ${viaProxy.status} ${viaProxy.text}`);
    // Straight to an instance from an address that is no proxy: the header counts for nothing.
    const around = await call(direct(portA), 'POST', '/api/public/booking/nachweis', {
      from: '127.0.0.24',
      headers: { 'x-forwarded-for': '127.0.0.21', host: 'localhost' },
      body: { service_id: serviceId, date: bookingDay, time: bookingTime, ...person(6) },
    });
    requests++;
    check(around.status === 200, `direkt mit gefälschtem Header: ${around.status} ${around.text}`);
    bookingsDone = new Date();
    return 'beide als eigene Adresse gezählt (200, nicht 429)';
  });

  await step('security headers at the proxy: HSTS, CSP with frame-ancestors, no server version', async () => {
    const page = await counted('GET', '/api/public/host');
    const h = page.headers;
    check(String(h['strict-transport-security']).includes('max-age='), 'kein HSTS');
    check(String(h['content-security-policy']).includes('frame-ancestors'), 'keine CSP mit frame-ancestors');
    check(h.server === 'nginx', `Server-Header: ${h.server}`);
    check(!h['x-powered-by'], 'X-Powered-By vorhanden');
    check(/^[0-9a-f]{32}$/.test(String(h['x-request-id'])), `X-Request-Id von nginx: ${h['x-request-id']}`);
    const plain = await call(`http://127.0.0.1:${httpPort}`, 'GET', '/buchen/nachweis', {
      headers: { host: 'localhost' },
    });
    check(plain.status === 301 && String(plain.headers.location).startsWith('https://'), `http: ${plain.status}`);
    const missing = await counted('GET', '/gibt-es-nicht-404.php');
    check(!/nginx\/\d/.test(missing.text) && !String(missing.headers.server).match(/\d/), 'Version auf einer Seite');
    return `Server: ${h.server}; CSP ${String(h['content-security-policy']).length} Zeichen`;
  });

  await step(
    'metrics: per route template, on the instance for allowed addresses or the token, never through the proxy',
    async () => {
      const scrape = await call(direct(portA), 'GET', '/metrics');
      check(scrape.status === 200, `Metriken A: ${scrape.status}`);
      figures.metricsBytes = scrape.body.length;
      for (const name of [
        'http_request_duration_seconds_bucket',
        'tz_db_pool_connections',
        'tz_mail_outbox_pending',
        'tz_mail_outbox_oldest_pending_seconds',
        'tz_export_queue',
        'tz_login_failures_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
        'tz_ready 1',
      ]) {
        check(scrape.text.includes(name), `fehlt: ${name}`);
      }
      check(scrape.text.includes('route="/api/public/booking/:searchName"'), 'keine Routenvorlage');
      check(!scrape.text.includes('route="/api/public/booking/nachweis'), 'Metriken mit URL statt Vorlage');
      const proxied = await counted('GET', '/metrics');
      check(proxied.status === 404, `über nginx: ${proxied.status}`);
      const stranger = await call(direct(portB), 'GET', '/metrics', { from: '127.0.0.25' });
      check(stranger.status === 403, `von 127.0.0.25 ohne Token: ${stranger.status}`);
      const withToken = await call(direct(portB), 'GET', '/metrics', { from: '127.0.0.25', token: metricsToken });
      check(withToken.status === 200, `mit Token: ${withToken.status}`);
      return `${scrape.body.length} Bytes`;
    },
  );

  await step('scheduled backups: each slot once across both instances, the newest two kept', async () => {
    const runs = await until(
      'drei Sicherungen nach den Buchungen',
      async () => {
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        const r = await c.query(
          "select slot_at, instance, outcome from scheduled_runs where job = 'backup' and outcome <> 'running' order by slot_at",
        );
        await c.end();
        const newest = r.rows.at(-1);
        return r.rows.length >= 3 && newest && newest.slot_at > bookingsDone ? r.rows : undefined;
      },
      30_000,
    );
    check(
      runs.every((r) => r.outcome === 'success'),
      `Läufe: ${JSON.stringify(runs)}`,
    );
    const files = readdirSync(path.join(dataDir, 'backups')).filter((f) => f.startsWith('tz-scheduled-backup-'));
    check(files.length === 2, `Dateien: ${files.join(', ')}`);
    // Each instance counts what it ran; together exactly the rows (a slot both ran would count twice).
    const ran = async (port: number) => {
      const m = await call(direct(port), 'GET', '/metrics');
      const line = m.text
        .split('\n')
        .find((l) => l.startsWith('tz_scheduled_job_runs_total{job="backup",outcome="success"}'));
      return line ? Number(line.split(' ')[1]) : 0;
    };
    const [byA, byB] = [await ran(portA), await ran(portB)];
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const total = Number(
      (await c.query("select count(*)::int as n from scheduled_runs where job = 'backup' and outcome = 'success'"))
        .rows[0].n,
    );
    await c.end();
    check(byA + byB === total, `A ${byA} + B ${byB} ≠ ${total} Läufe`);
    const panel = await counted('GET', '/api/platform/scheduled-jobs', { token: platformToken });
    check(panel.status === 200 && panel.json.jobs[0].last_success, `Plattform-Anzeige: ${panel.text}`);
    return `${total} Läufe (A ${byA}, B ${byB}), ${files.length} Dateien behalten`;
  });

  await step('one instance stops (SIGTERM): nginx fails over, the session goes on, no request fails', async () => {
    let failures = 0;
    let ok = 0;
    let last = Date.now();
    let gap = 0;
    let running = true;
    const poll = (async () => {
      while (running) {
        const r = await web('GET', '/api/auth/session', { token: adminToken }).catch(() => undefined);
        requests++;
        if (r?.status === 200) {
          ok++;
          gap = Math.max(gap, Date.now() - last);
          last = Date.now();
        } else failures++;
        await sleep(5);
      }
    })();
    await sleep(300);
    const code = await stop(a);
    await sleep(700);
    // Writes after the stop, through the one left.
    const after = await counted('POST', `/api/staff/${centreId}/appointments/${appointmentId}/check-in`, {
      token: adminToken,
      body: { staff_id: centreId, customer_id: customerId, value: 1 },
    });
    running = false;
    await poll;
    figures.failoverGapMs = gap;
    check(code === 0, `Instanz A endete mit ${code}`);
    check(failures === 0, `${failures} fehlgeschlagene Anfragen`);
    check(after.status === 200, `Schreiben danach: ${after.status}`);
    return `${ok} Anfragen, längste Lücke ${gap} ms, Exit-Code ${code}`;
  });

  await step('the newest scheduled backup restores into an empty database', async () => {
    const files = readdirSync(path.join(dataDir, 'backups'))
      .filter((f) => f.startsWith('tz-scheduled-backup-'))
      .sort();
    // A copy: the still running instance keeps writing backups and pruning the folder meanwhile.
    const newest = path.join(tmp, files.at(-1)!);
    copyFileSync(path.join(dataDir, 'backups', files.at(-1)!), newest);
    await admin((c) => c.query(`create database ${restoreDb}`));
    cleanups.push(() => admin((c) => c.query(`drop database if exists ${restoreDb} with (force)`)).then(() => {}));
    const restore = spawnNode(
      ['src/features/lifecycle/cli.ts', 'restore', newest, '--yes'],
      { ...env, DATABASE_URL: dbUrl(restoreDb) },
      'restore',
    );
    restore.child.stdin!.end();
    check((await restore.exited) === 0, `restore: ${restore.output()}`);
    const c = new pg.Client({ connectionString: dbUrl(restoreDb) });
    await c.connect();
    const customers = Number(
      (await c.query("select count(*)::int as n from customers where last_name like 'Beweisführer-%'")).rows[0].n,
    );
    const admins = Number(
      (await c.query('select count(*)::int as n from users where email = $1', [adminEmail])).rows[0].n,
    );
    await c.end();
    check(customers >= 6 && admins === 1, `wiederhergestellt: ${customers} Kunden, ${admins} Plattform-Admin`);
    return `${path.basename(newest)}: ${customers} Kunden`;
  });

  await stop(b);
  await step('the logs are JSON lines without personal data', async () => {
    const text = [readFileSync(logs.a, 'utf8'), readFileSync(logs.b, 'utf8')].join('\n');
    const json = text.split('\n').filter((l) => l.startsWith('{'));
    check(json.length > 50, `nur ${json.length} JSON-Zeilen`);
    for (const value of [
      'Beweisführer',
      'Konstantin',
      'konstantin.beweis',
      'Nachweisgasse',
      '1979-03-14',
      adminToken,
      password,
    ]) {
      check(!text.includes(value), `im Protokoll: ${value}`);
    }
    return `${json.length} Zeilen`;
  });
  figures.requests = requests;
}

async function cleanup() {
  for (const c of cleanups.reverse()) {
    try {
      await c();
    } catch (err) {
      console.error('Aufräumen:', err instanceof Error ? err.message : err);
    }
  }
}

try {
  await main();
} catch (err) {
  prove('the proof ran to its end', false, err instanceof Error ? err.message : String(err));
} finally {
  await cleanup();
}
figures.seconds = Math.round((Date.now() - started) / 100) / 10;
const failed = results.filter((r) => !r.ok).length;
console.log(`\nops:proof: ${JSON.stringify(figures)}`);
console.log(`${results.length - failed} passed, ${failed} failed`);
if (reportFile) {
  writeFileSync(
    reportFile,
    JSON.stringify({
      numPassedTests: results.length - failed,
      numFailedTests: failed,
      figures,
      testResults: [
        {
          name: 'ops:proof',
          assertionResults: results.map((r) => ({
            title: r.title,
            status: r.ok ? 'passed' : 'failed',
            failureMessages: r.ok ? [] : [r.detail],
          })),
        },
      ],
    }),
  );
}
process.exit(failed ? 1 : 0);
