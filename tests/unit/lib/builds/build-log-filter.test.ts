import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLogFilter, progressLine } from '#lib/builds/build-log-filter.ts';

/** Recorded `astro build` output (32 pages, two of them on one line as Astro's concurrent renders print them). */
const RECORDED = fs.readFileSync('tests/unit/fixtures/astro-build-output.txt', 'utf8');

function run(input: string, opts: { tty: boolean; verbose?: boolean; chunk?: number }) {
  let out = '';
  let t = 0;
  const filter = buildLogFilter((s) => (out += s), { ...opts, now: () => (t += 50) });
  const size = opts.chunk ?? input.length;
  for (let i = 0; i < input.length; i += size) filter.push(input.slice(i, i + size));
  filter.end();
  return { out, pages: filter.pages };
}

describe('buildLogFilter', () => {
  it('replaces the line per page by progress lines every 10 % and keeps every other line', () => {
    const { out, pages } = run(RECORDED, { tty: false, chunk: 37 });
    expect(pages).toBe(32);
    expect(out).not.toContain('├─');
    expect(out).not.toContain('(+');
    expect(out).not.toContain('prerendering 32 pages');
    const lines = out.trimEnd().split('\n');
    const progress = lines.filter((l) => l.startsWith('prerendering pages:'));
    expect(progress.length).toBeLessThanOrEqual(11);
    expect(progress.at(-1)).toMatch(/^prerendering pages: 32\/32 \(100 %\), \d+ pages\/s$/);
    expect(lines).toContain('15:20:38 [build] Complete!');
    expect(lines.some((l) => l.endsWith('[vite] ✓ built in 1.20s'))).toBe(true);
    // the recorded build printed 55 lines; the filtered one stays short whatever the number of pages
    expect(lines.length).toBeLessThan(35);
  });

  it('on a terminal rewrites one line in place', () => {
    const { out } = run(RECORDED, { tty: true });
    expect(out).toContain('\rprerendering pages: 32/32 (100 %)');
    const progressRows = out.split('\n').filter((l) => l.includes('prerendering pages:'));
    expect(progressRows).toHaveLength(1);
  });

  it('passes everything through when asked for every page', () => {
    expect(run(RECORDED, { tty: false, verbose: true }).out).toBe(RECORDED.endsWith('\n') ? RECORDED : `${RECORDED}\n`);
  });

  it('keeps an error printed among the pages', () => {
    const input = 'x [partsfront-storefronts] prerendering 3 pages\n  ├─ /a (+1ms) \n[ERROR] boom\n  ├─ /b (+1ms) \n  ├─ /c (+1ms) \nDone\n';
    const { out } = run(input, { tty: false });
    expect(out.split('\n')).toEqual(expect.arrayContaining(['[ERROR] boom', 'Done']));
    expect(out).toContain('prerendering pages: 3/3 (100 %)');
  });
});

describe('progressLine', () => {
  it('says pages done of total, the rate and the time left', () => {
    expect(progressLine(1200, 5700, 150)).toBe('prerendering pages: 1200/5700 (21 %), 150 pages/s, about 30 s left');
    expect(progressLine(100, 20_000, 100)).toBe('prerendering pages: 100/20000 (0 %), 100 pages/s, about 3 min left');
    expect(progressLine(10, undefined, 5)).toBe('prerendering pages: 10, 5 pages/s');
  });
});
