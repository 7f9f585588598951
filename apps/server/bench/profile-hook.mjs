// Loaded into the benchmark server by bench/profile.ts (`--import`): the V8 CPU profiler of
// `node --cpu-prof`, started and stopped by SIGUSR2, so the profile holds the measured calls
// only, not the start (migrations, JIT warm-up). The profile goes to BENCH_PROFILE_OUT.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const out = process.env.BENCH_PROFILE_OUT;
const session = new Session();
session.connect();
let running = false;

const post = (method, params) =>
  new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));

process.on('SIGUSR2', async () => {
  if (!running) {
    running = true;
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 500 });
    await post('Profiler.start');
    return;
  }
  running = false;
  const { profile } = await post('Profiler.stop');
  writeFileSync(`${out}.tmp`, JSON.stringify(profile));
  renameSync(`${out}.tmp`, out);
});
