import autocannon from 'autocannon';

export interface Figures {
  samples: number;
  errors: number;
  median_ms: number;
  p95_ms: number;
  throughput_per_s: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

export function summarise(samples: number[], errors: number, seconds: number): Figures {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! : 0);
  return {
    samples: s.length,
    errors,
    median_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    throughput_per_s: round(seconds > 0 ? s.length / seconds : 0),
  };
}

/**
 * Latency of one call after a warm-up, one at a time (what one user waits
 * for). `call` resolves to false on a wrong answer, which counts as an error.
 */
export async function timeCalls(
  call: (i: number) => Promise<boolean>,
  opts: { warmup: number; iterations: number },
): Promise<Figures> {
  for (let i = 0; i < opts.warmup; i++) await call(i);
  const samples: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < opts.iterations; i++) {
    const t = performance.now();
    const ok = await call(opts.warmup + i);
    samples.push(performance.now() - t);
    if (!ok) errors++;
  }
  return summarise(samples, errors, (performance.now() - started) / 1000);
}

/**
 * Runs `measure` warmup + n times; failures count as errors, as in the API
 * operations. Calls per second mean nothing here (each includes opening the
 * screen), so that column stays empty.
 */
export async function repeat(n: number, warmup: number, measure: () => Promise<number>) {
  const samples: number[] = [];
  let errors = 0;
  for (let i = 0; i < warmup + n; i++) {
    try {
      const ms = await measure();
      if (i >= warmup) samples.push(ms);
    } catch (e) {
      if (i >= warmup) errors++;
      console.log(`  Fehler: ${(e as Error).message}`);
    }
  }
  return summarise(samples, errors, 0);
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  /** A path and body per request, so writes spread over many rows. */
  path: (i: number) => string;
  body?: (i: number) => unknown;
}

/**
 * Throughput under load: autocannon on loopback, every response time kept for
 * exact percentiles, after a one-second warm-up under the same load.
 */
export async function load(
  baseUrl: string,
  token: string,
  req: LoadRequest,
  opts: { connections: number; seconds: number },
): Promise<Figures> {
  await loadOnce(baseUrl, token, req, { connections: opts.connections, seconds: 1 });
  return loadOnce(baseUrl, token, req, opts);
}

async function loadOnce(
  baseUrl: string,
  token: string,
  req: LoadRequest,
  opts: { connections: number; seconds: number },
): Promise<Figures> {
  const samples: number[] = [];
  let errors = 0;
  let i = 0;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // A request that never changes is built once; rebuilding it per call cost the load
  // generator (on the same two cores as the server) 40 % of the measured session check rate.
  const fixed = !req.body && req.path(0) === req.path(1);
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: baseUrl,
        connections: opts.connections,
        duration: opts.seconds,
        requests: [
          {
            method: req.method,
            path: req.path(0),
            headers,
            ...(fixed
              ? {}
              : {
                  setupRequest: (r: autocannon.Request) => {
                    const n = i++;
                    return { ...r, path: req.path(n), ...(req.body ? { body: JSON.stringify(req.body(n)) } : {}) };
                  },
                }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    samples.push(ms);
    if (status >= 300) errors++;
  });
  const result = await done;
  errors += result.errors + result.timeouts;
  const f = summarise(samples, errors, result.duration);
  return { ...f, throughput_per_s: round(result.requests.average) };
}
