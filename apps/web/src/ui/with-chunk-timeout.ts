import { CHUNK_LOAD_TIMEOUT_MS } from '@tz/shared/constants';

/** A screen's code that does not arrive within the spec's timeout counts as failed. */
export function withChunkTimeout<T>(p: Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('chunk load timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}
