import { rmSync } from 'node:fs';
import { DEMO_LOGINS } from '../src/demo/seed';
import { openBenchDb } from './bench-db';
import { startServer } from './server-process';

/** The demo centre administrator the browser logs in as (password: DEMO_PASSWORD). */
export const WEB_BENCH_LOGIN = DEMO_LOGINS.find((l) => l.email.startsWith('admin@'))!.email;

export interface WebData {
  staffId: number;
  timeZone: string;
}

/**
 * A fresh PGlite data directory with the demo data: the real server seeds it
 * (it only does so outside production), then stops. The login screen and the
 * group page are measured on it; the appointments list on the large centre's
 * data (bench/web-list.ts), whose day and 30-day window are the issue's.
 */
export async function prepareWebData(dataDir: string, secrets: Record<string, string>): Promise<WebData> {
  rmSync(dataDir, { recursive: true, force: true });
  const seeding = await startServer({
    ...secrets,
    PGLITE_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'development',
    DEMO: '1',
  });
  await seeding.stop();

  const db = await openBenchDb('pglite', dataDir, false);
  try {
    const [centre] = (
      await db.query<{ staff_id: number; time_zone: string }>(
        'select u.staff_id, c.time_zone from users u join centres c on c.id = u.staff_id where u.email = $1',
        [WEB_BENCH_LOGIN],
      )
    ).rows;
    if (!centre) throw new Error(`Demo-Zentrum von ${WEB_BENCH_LOGIN} fehlt`);
    return { staffId: Number(centre.staff_id), timeZone: centre.time_zone };
  } finally {
    await db.database.close();
  }
}
