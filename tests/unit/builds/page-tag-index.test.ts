import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageTagIndex, readPageTagIndex } from '#builds/page-tag-index.ts';

describe('page-tag index', () => {
  it('finds the pages carrying any of the tags, limited to storefronts, sorted', () => {
    const index = createPageTagIndex(7);
    index.update('/sv/product/a-1', ['product:1', 'product:2']);
    index.update('/no/product/a-1', ['product:1']);
    index.update('/sv/product/b-2', ['product:2']);
    index.update('/sv/content/om-oss', ['content:sv:om-oss']);
    expect(index.seq).toBe(7);
    expect(index.pagesFor(['product:2'], [])).toEqual(['/sv/product/a-1', '/sv/product/b-2']);
    expect(index.pagesFor(['product:1'], [])).toEqual(['/no/product/a-1', '/sv/product/a-1']);
    expect(index.pagesFor(['product:1'], ['no'])).toEqual(['/no/product/a-1']);
    expect(index.pagesFor(['product:1', 'content:sv:om-oss'], ['sv'])).toEqual(['/sv/content/om-oss', '/sv/product/a-1']);
    expect(index.pagesFor(['product:9'], [])).toEqual([]);
  });

  it('replaces a page’s tags when it is re-rendered (a product no longer shown no longer re-renders it)', () => {
    const index = createPageTagIndex(0);
    index.update('/sv/product/a-1', ['product:1', 'product:2']);
    index.update('/sv/product/a-1', ['product:1', 'product:3']);
    expect(index.pagesFor(['product:2'], [])).toEqual([]);
    expect(index.pagesFor(['product:3'], [])).toEqual(['/sv/product/a-1']);
    expect(index.size()).toBe(1);
  });

  it('reads a build’s file: the position from its first line, later lines of a page win', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-tags-'));
    fs.writeFileSync(
      path.join(dir, 'page-tags.ndjson'),
      [{ seq: 12, origins: { sv: 'https://www.example.se' } }, { p: '/sv/product/a-1', t: ['product:1', 'product:2'] }, { p: '/sv/product/a-1', t: ['product:1'] }, { p: '/da/product/b-2', t: ['product:2'] }]
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
    );
    const index = await readPageTagIndex(dir);
    expect(index.seq).toBe(12);
    expect(index.origins).toEqual({ sv: 'https://www.example.se' });
    expect(index.pagesFor(['product:2'], [])).toEqual(['/da/product/b-2']);
    expect(index.size()).toBe(2);
    // a build without the file (older than incremental pages): empty, from position 0
    const none = await readPageTagIndex(path.join(dir, 'missing'));
    expect([none.seq, none.size()]).toEqual([0, 0]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
