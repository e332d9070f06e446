import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAstroBuild, runAstroBuildSync } from '#builds/astro-build.ts';

// A stand-in for `astro build` that prints what Astro prints for 5,670 pages (the demo catalogue's count).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-astro-build-'));
const fake = path.join(dir, 'fake-build.mjs');
fs.writeFileSync(
  fake,
  `const n = 5670;
console.log('12:00:00 [build] Building server entrypoints...');
console.log('\\n prerendering static routes ');
console.log('12:00:01 [partsfront-storefronts] prerendering ' + n + ' pages');
for (let i = 0; i < n; i++) process.stdout.write('12:00:01   ├─ /sv/product/p' + i + '/index.html' + ' (+3ms) \\n');
console.log('12:00:09 ✓ Completed in 8s.');
if (process.env.FAIL) { console.error('[ERROR] the database is gone'); process.exit(2); }
console.log('12:00:09 [build] Complete!');
`,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('runAstroBuild', () => {
  it('prints a few lines for thousands of pages, ending at 100 %', async () => {
    let out = '';
    const r = await runAstroBuild({ env: {}, args: [fake], write: (s) => (out += s), tty: false });
    expect(r.code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines.length).toBeLessThan(20);
    expect(lines).toContain('12:00:09 [build] Complete!');
    expect(lines.filter((l) => l.startsWith('prerendering pages:')).at(-1)).toMatch(/^prerendering pages: 5670\/5670 \(100 %\)/);
  });

  it('prints every page with PARTSFRONT_BUILD_LOG=pages', async () => {
    let out = '';
    await runAstroBuild({ env: { PARTSFRONT_BUILD_LOG: 'pages' }, args: [fake], write: (s) => (out += s), tty: false });
    expect(out.split('\n').filter((l) => l.includes('├─'))).toHaveLength(5670);
  });

  it('the blocking variant (the test build) is as short, and a failure keeps its error in the tail', () => {
    let out = '';
    const r = runAstroBuildSync({ env: { FAIL: '1' }, args: [fake], write: (s) => (out += s) });
    expect(r.code).toBe(2);
    expect(r.tail).toContain('[ERROR] the database is gone');
    expect(out).toContain('[ERROR] the database is gone');
    expect(out.trimEnd().split('\n').length).toBeLessThan(20);
  });
});
