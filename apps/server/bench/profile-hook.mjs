// Loaded into the benchmark server by bench/profile.ts (`--import`): the V8 CPU profiler of
// `node --cpu-prof` (or, with BENCH_PROFILE_KIND=heap, the sampling heap profiler: where the
// bytes are allocated), started and stopped by SIGUSR2, so the profile holds the measured calls
// only, not the start (migrations, JIT warm-up). The profile goes to BENCH_PROFILE_OUT.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const out = process.env.BENCH_PROFILE_OUT;
const heap = process.env.BENCH_PROFILE_KIND === 'heap';
const session = new Session();
session.connect();
let running = false;

const post = (method, params) =>
  new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));

process.on('SIGUSR2', async () => {
  if (!running) {
    running = true;
    if (heap) {
      await post('HeapProfiler.enable');
      // Every 32 kB allocated on average, including what the next collection frees.
      await post('HeapProfiler.startSampling', {
        samplingInterval: 32768,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    } else {
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 500 });
      await post('Profiler.start');
    }
    return;
  }
  running = false;
  const { profile } = heap ? await post('HeapProfiler.stopSampling') : await post('Profiler.stop');
  writeFileSync(`${out}.tmp`, JSON.stringify(profile));
  renameSync(`${out}.tmp`, out);
});
