import os from 'node:os';
import path from 'node:path';
import { runBench } from './run';

/**
 * The CI variant: small data on PGlite, short runs. It proves the benchmark
 * still works end to end; it prints figures and never judges them. Only a
 * broken operation (an error answer) fails it.
 */
const { runs, web } = await runBench({
  sizes: ['quick'],
  kinds: ['pglite'],
  scale: 1,
  reuse: false,
  loadSeconds: 2,
  iterations: 10,
  resultsDir: path.join(os.tmpdir(), 'tz-bench-quick'),
  label: 'quick',
  web: null,
  webSearch: null,
});
const operations = [...runs.flatMap((r) => r.operations), ...(web?.operations ?? [])];
const broken = operations.filter((o) => o.errors > 0 || o.samples === 0);
if (broken.length > 0) {
  console.error(`Benchmark defekt: ${broken.map((o) => o.operation).join(', ')}`);
  process.exit(1);
}
process.exit(0);
