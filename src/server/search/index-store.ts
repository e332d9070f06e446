/**
 * Search indexes kept on disk (docs/product/search.md#index-freshness-and-caching): a server that starts, or a
 * catalogue just seeded or imported, finds the index of every storefront ready to load (a file read) instead
 * of building it from the database (seconds on a large catalogue) while the first visitors wait.
 * One file per database and storefront, replaced atomically; the file names its catalogue version and is
 * used only while that version is current. PARTSFRONT_SEARCH_INDEX_DIR moves the directory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DbConfig } from '#server/db/config.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { decodeIndex, encodeIndex } from './index-codec.ts';
import type { SearchIndex } from './index-builder.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('search');

const dir = () => path.resolve(process.env.PARTSFRONT_SEARCH_INDEX_DIR || '.cache/search-index');

/** The database an index belongs to: its file, or the PostgreSQL server and database (never the password). */
function databaseIdentity(config: DbConfig): string {
  if (config.kind === 'sqlite') return `sqlite:${config.file}`;
  const u = new URL(config.url);
  return `postgres://${u.hostname}:${u.port}${u.pathname}`;
}

/** The file holding a storefront's stored index (benches report its size). */
export function storedIndexFile(config: DbConfig, locale: LocaleCode): string {
  const key = crypto
    .createHash('sha256')
    .update(`${databaseIdentity(config)}|${locale}`)
    .digest('hex')
    .slice(0, 20);
  return path.join(dir(), `${locale}-${key}.idx`);
}

/** The stored index when it was built from this catalogue version; null otherwise (missing, older, unreadable). */
export async function readStoredIndex(config: DbConfig, locale: LocaleCode, version: string): Promise<SearchIndex | null> {
  if (config.kind === 'sqlite' && config.file === ':memory:') return null;
  try {
    const index = decodeIndex(await fs.readFile(storedIndexFile(config, locale)));
    return index && index.version === version && index.locale === locale ? index : null;
  } catch {
    return null;
  }
}

/** Best effort: a failed write only means the next start builds again. */
export async function storeIndex(config: DbConfig, index: SearchIndex): Promise<void> {
  if (config.kind === 'sqlite' && config.file === ':memory:') return;
  const file = storedIndexFile(config, index.locale);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(tmp, encodeIndex(index));
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => {});
    log.warn({ err: (err as Error).message, locale: index.locale }, 'search index not stored');
  }
}
