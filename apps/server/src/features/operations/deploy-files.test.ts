import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** docs/operations.md shows the files in deploy/ as they are: the nginx site ops:proof runs, the systemd units. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the operations guide', () => {
  it.each([
    'deploy/nginx/testzentrum.conf',
    'deploy/systemd/testzentrum@.service',
    'deploy/systemd/testzentrum-worker.service',
  ])('quotes %s word for word', (file) => {
    expect(read('docs/operations.md')).toContain(read(file));
  });

  it('is linked from the README', () => {
    expect(read('README.md')).toContain('docs/operations.md');
  });
});
