/**
 * The page-tag index of one build (docs/adr/0017-incremental-pages.md#decision): which prerendered pages carry
 * which tags, read from the build's page-tags.ndjson (first line `{"seq"}`: the change-feed position the build's
 * data is at least as new as, and `origins`: the public origins its pages link to; then `{"p": internal path, "t": tags}` per page). Re-rendered pages replace their
 * own entry, so the index follows what each page shows now; a page removed from the build (an unpublished content
 * page) is a line `{"p": internal path, "gone": true}`.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

export interface PageTagIndex {
  /** The change-feed position of the build: changes after it may be missing from its pages. */
  seq: number;
  /** The public origins the build's pages link to (absent in builds older than this field). */
  origins?: Record<string, string>;
  /** Pages carrying any of `tags`, limited to `locales` (internal paths start with /<locale>/); empty = all. */
  pagesFor(tags: readonly string[], locales: readonly string[]): string[];
  /** A page now shows `tags` (after it was re-rendered). */
  update(page: string, tags: readonly string[]): void;
  /** The page left the build (its files removed): no tag names it any more. */
  remove(page: string): void;
  size(): number;
}

export function createPageTagIndex(seq: number, origins?: Record<string, string>): PageTagIndex {
  const pagesOf = new Map<string, Set<string>>();
  const tagsOf = new Map<string, readonly string[]>();
  const index: PageTagIndex = {
    seq,
    origins,
    pagesFor(tags, locales) {
      const out = new Set<string>();
      for (const tag of tags) for (const page of pagesOf.get(tag) ?? []) out.add(page);
      const wanted = new Set(locales);
      return [...out].filter((p) => wanted.size === 0 || wanted.has(p.split('/')[1])).sort();
    },
    update(page, tags) {
      for (const tag of tagsOf.get(page) ?? []) pagesOf.get(tag)?.delete(page);
      tagsOf.set(page, tags);
      for (const tag of tags) {
        let pages = pagesOf.get(tag);
        if (!pages) pagesOf.set(tag, (pages = new Set()));
        pages.add(page);
      }
    },
    remove(page) {
      for (const tag of tagsOf.get(page) ?? []) pagesOf.get(tag)?.delete(page);
      tagsOf.delete(page);
    },
    size: () => tagsOf.size,
  };
  return index;
}

/** The index of the build in `buildDir`; an empty one at position 0 when the build has none (an older build). */
export async function readPageTagIndex(buildDir: string): Promise<PageTagIndex> {
  const file = path.join(buildDir, 'page-tags.ndjson');
  if (!fs.existsSync(file)) return createPageTagIndex(0);
  let index: PageTagIndex | undefined;
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const entry = JSON.parse(line) as { seq?: number; origins?: Record<string, string>; p?: string; t?: string[]; gone?: boolean };
    if (typeof entry.seq === 'number') index ??= createPageTagIndex(entry.seq, entry.origins);
    else if (entry.p && entry.t) (index ??= createPageTagIndex(0)).update(entry.p, entry.t);
    else if (entry.p && entry.gone) (index ??= createPageTagIndex(0)).remove(entry.p);
  }
  return index ?? createPageTagIndex(0);
}
