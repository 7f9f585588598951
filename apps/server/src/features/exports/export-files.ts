import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * The export directory (EXPORT_DIR, default data/exports): one folder per
 * centre; a file is written as `<name>.part` and renamed when complete, so a
 * finished name never holds half a file. Names carry the entry id and the
 * claim, so two attempts never write the same file.
 */
export const centreDir = (config: Pick<Config, 'exportDir'>, staffId: number) =>
  path.join(config.exportDir, String(staffId));

/** The stored file of an entry, inside the centre's folder whatever the name says. */
export const storedFile = (config: Pick<Config, 'exportDir'>, staffId: number, bucketFilename: string) =>
  path.join(centreDir(config, staffId), path.basename(bucketFilename));

export const bucketNameOf = (entryId: number, claimToken: string) =>
  `monatsexport-${entryId}-${claimToken.slice(0, 8)}.csv`;

/**
 * Writes the chunks into `<dir>/<name>.part`, flushes it to disk, then renames
 * it to `<dir>/<name>`. The signal stops it between chunks; the part file is
 * removed when it does not complete.
 */
export async function writeFileAtomically(
  dir: string,
  name: string,
  chunks: AsyncIterable<string>,
  signal: AbortSignal,
  afterChunk: () => void | Promise<void> = () => {},
): Promise<number> {
  await mkdir(dir, { recursive: true });
  const part = path.join(dir, `${name}.part`);
  const fh = await open(part, 'w');
  let bytes = 0;
  try {
    for await (const chunk of chunks) {
      signal.throwIfAborted();
      const buf = Buffer.from(chunk, 'utf8');
      await fh.write(buf);
      bytes += buf.length;
      await afterChunk();
    }
    signal.throwIfAborted();
    await fh.sync();
  } catch (err) {
    await fh.close().catch(() => {});
    await rm(part, { force: true });
    throw err;
  }
  await fh.close();
  await rename(part, path.join(dir, name));
  return bytes;
}
