/**
 * Replaces one prerendered page of a build in place (docs/adr/0017-incremental-pages.md#decision): the .br and
 * .gz variants and the HTML are each written to a temporary file and renamed over the old one, so a request reads
 * either the old or the new file whole, never a half-written one. A page that is not in the build is created only
 * when asked (`create`: a product page rendered on its first request). A page leaves the build (removePage) by
 * unlinking its files, the HTML first: a request either opened the old files (and reads them whole) or finds none.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { compressedVariants } from './precompress.ts';

async function replace(file: string, data: Buffer, mtime: Date | undefined): Promise<void> {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await fs.writeFile(tmp, data);
    if (mtime) await fs.utimes(tmp, mtime, mtime);
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** The HTML file of an internal page path in a build's client directory. */
export const pageFile = (clientDir: string, internalPath: string): string => path.join(clientDir, ...internalPath.split('/').filter(Boolean), 'index.html');

/**
 * Writes the new HTML of a page; false when the build has no such page and `create` is off (nothing written).
 * `mtime`: the time the files get — the change's time, the same on every node, so every node answers the same
 * ETag (size + mtime, src/host/static-files.ts) for the same page and a CDN's revalidation gets 304s.
 */
export async function replacePage(
  clientDir: string,
  internalPath: string,
  html: string,
  opts: { create?: boolean; mtime?: Date } = {},
): Promise<boolean> {
  const file = pageFile(clientDir, internalPath);
  if (!path.resolve(file).startsWith(path.resolve(clientDir) + path.sep)) return false;
  try {
    await fs.access(file);
  } catch {
    if (!opts.create) return false;
    await fs.mkdir(path.dirname(file), { recursive: true });
  }
  const data = Buffer.from(html, 'utf8');
  const variants = await compressedVariants(file, data);
  if (variants) {
    await replace(`${file}.br`, variants.br, opts.mtime);
    await replace(`${file}.gz`, variants.gz, opts.mtime);
  } else {
    await fs.rm(`${file}.br`, { force: true });
    await fs.rm(`${file}.gz`, { force: true });
  }
  await replace(file, data, opts.mtime);
  return true;
}

/**
 * Removes a page's files (an unpublished or moved content page); false when the build had none. Unlinking removes
 * this build's name for the file only: a build copied with hard links keeps its own (nothing is written through).
 */
export async function removePage(clientDir: string, internalPath: string): Promise<boolean> {
  const file = pageFile(clientDir, internalPath);
  if (!path.resolve(file).startsWith(path.resolve(clientDir) + path.sep)) return false;
  let had = true;
  await fs.rm(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
    had = false;
  });
  await fs.rm(`${file}.br`, { force: true });
  await fs.rm(`${file}.gz`, { force: true });
  await fs.rmdir(path.dirname(file)).catch(() => {}); // kept while it holds deeper pages (nyheter/vinter under nyheter)
  return had;
}
