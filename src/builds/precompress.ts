/** Writes .br and .gz beside every compressible static file so the server never compresses per request. */
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|xml|json|txt|webmanifest)$/;
const MIN_BYTES = 512;
/**
 * Brotli quality: 11 for the few immutable /_astro/ assets; 5 for pages, sitemaps and the rest. On a
 * catalogue page quality 5 is ~15x faster than 9 for < 1 % more bytes, and pages are what a rebuild
 * multiplies (10k products × 5 locales): this keeps precompression from dominating the build.
 */
const brotliQuality = (file: string) => (file.includes(`${path.sep}_astro${path.sep}`) ? 11 : 5);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** The .br and .gz of one file's bytes (the settings precompressDir uses); null when too small to be worth it. */
export async function compressedVariants(file: string, data: Buffer): Promise<{ br: Buffer; gz: Buffer } | null> {
  if (data.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(file), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gzip(data, { level: 9 }),
  ]);
  return { br, gz };
}

export async function precompressDir(dir: string, concurrency = 8): Promise<number> {
  let count = 0;
  const pending = new Set<Promise<void>>();
  for await (const file of walk(dir)) {
    const job = (async () => {
      const variants = await compressedVariants(file, await fs.readFile(file));
      if (!variants) return;
      const { br, gz } = variants;
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      count++;
    })();
    pending.add(job);
    job.finally(() => pending.delete(job));
    if (pending.size >= concurrency) await Promise.race(pending);
  }
  await Promise.all(pending);
  return count;
}
