// Installs npm dependencies when they are missing, older than the lock file, or only half there.
import { execSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What `npm start` and `npm test` call directly. An interrupted or concurrent
 * install can leave the marker fresh while some of these are gone.
 */
const REQUIRED = [
  'node_modules/.bin/vite',
  'node_modules/.bin/tsx',
  'node_modules/.bin/vitest',
  'node_modules/.bin/playwright',
  'node_modules/.bin/biome',
  'node_modules/.bin/tsc',
  'node_modules/@tz/shared/package.json',
  'node_modules/fastify/package.json',
  'node_modules/@electric-sql/pglite/package.json',
  'node_modules/react/package.json',
  'node_modules/@mantine/core/package.json',
];

export function missingTools() {
  return REQUIRED.filter((p) => !existsSync(path.join(root, p)));
}

export function ensureDeps() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const missing = missingTools();
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale && missing.length === 0) return;
  if (missing.length > 0 && existsSync(marker)) {
    // npm trusts its marker (the hidden lock file) over the folders: drop it so the tree is read anew.
    console.log(`» node_modules ist unvollständig (${missing.join(', ')} fehlt): wird repariert`);
    rmSync(marker, { force: true });
  } else {
    console.log('» npm install (Abhängigkeiten fehlen oder sind veraltet)');
  }
  // npm ci trips over platform-specific optional packages missing from the lock (npm 11), so install.
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  const still = missingTools();
  if (still.length > 0) {
    console.error(`npm install hat ${still.join(', ')} nicht angelegt. Bitte node_modules löschen und erneut starten.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureDeps();
