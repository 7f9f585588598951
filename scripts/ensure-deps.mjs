// Installs npm dependencies when they are missing or older than the lock file.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function ensureDeps() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (stale) {
    console.log('» npm install (Abhängigkeiten fehlen oder sind veraltet)');
    // npm ci trips over platform-specific optional packages missing from the lock (npm 11), so install.
    execSync('npm install --no-audit --no-fund', {
      cwd: root,
      stdio: 'inherit',
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureDeps();
