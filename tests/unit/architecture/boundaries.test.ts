/**
 * Architecture boundaries (README "Layout"), checked over every source file in src/ and sandbox/.
 * eslint.config.js repeats the import rules so editors show them; this test is the one that resolves aliases and
 * relative paths to folders, sees dynamic imports and .astro <script> blocks, and runs in `npm test`.
 *
 *   src/lib          pure and isomorphic: no node:*, kysely, pg, sanitize-html (i18next only in market/i18n.ts);
 *                    never imports src/server, src/host, src/builds, src/stores, src/islands, src/api-client;
 *                    no fetch, localStorage, sessionStorage, document, window, process.env, import.meta.env,
 *                    and no clock (Date.now(), new Date()): "now" is passed in.
 *   browser code     src/stores, src/islands, src/api-client and .astro <script> blocks: no runtime import of src/server, src/host, src/builds,
 *                    sandbox/, node:*, kysely, pg, sanitize-html, i18next, #lib/market/i18n.ts, or zod directly
 *                    (zod reaches the browser only through src/lib/api contracts). Type-only imports are fine.
 *   src/**           never imports sandbox/ (local provider emulators).
 *   src/, sandbox/   no relative import climbs more than one level ('../../'): use a package.json alias.
 *
 * A failure lists every offending file:line. Fix the import (or pass the value in); do not add exceptions here.
 */
import { describe, expect, it } from 'vitest';
import { aliasFolders, climbs, importsOf, ioUsesOf, resolveSpecifier, sourceFiles, type ImportRef, type Target } from './source-scan.ts';

const aliases = aliasFolders();
const files = sourceFiles('src', 'sandbox');

interface Resolved extends ImportRef {
  file: string;
  target: Target;
}

const imports: Resolved[] = files.flatMap((file) =>
  importsOf(file).map((ref) => ({ ...ref, file, target: resolveSpecifier(ref.specifier, file, aliases) })),
);

const under = (file: string, ...dirs: string[]): boolean => dirs.some((d) => file === d || file.startsWith(`${d}/`));
const targetPath = (t: Target): string | undefined => (t.kind === 'file' ? t.path : undefined);
const packageName = (t: Target): string | undefined => (t.kind === 'package' ? t.name : undefined);
const show = (r: Resolved, why: string): string => `${r.file}:${r.line}  ${r.typeOnly ? 'import type ' : ''}'${r.specifier}'  — ${why}`;

const LIB = 'src/lib';
const BROWSER = ['src/stores', 'src/islands', 'src/api-client'];
const SERVER_SIDE = ['src/server', 'src/host', 'src/builds'];
const I18N_MODULE = 'src/lib/market/i18n.ts';
const SERVER_PACKAGES = ['kysely', 'pg', 'sanitize-html'];

function failList(title: string, problems: string[]): void {
  expect(problems, `${title}\n  ${problems.join('\n  ')}\n`).toEqual([]);
}

describe('architecture boundaries', () => {
  it('finds the source tree and the aliases it resolves through', () => {
    expect(files.filter((f) => under(f, LIB)).length).toBeGreaterThan(20);
    expect(files.some((f) => f.endsWith('.astro'))).toBe(true);
    expect(aliases.get('#lib/')).toBe('src/lib/');
    expect(aliases.get('#server/')).toBe('src/server/');
    expect(aliases.get('#sandbox/')).toBe('sandbox/');
  });

  it('every # specifier matches a package.json "imports" alias', () => {
    failList(
      'Unresolvable aliases:',
      imports.filter((r) => r.target.kind === 'unresolved').map((r) => show(r, r.target.kind === 'unresolved' ? r.target.reason : '')),
    );
  });

  it('src/lib imports no I/O modules and no server, host, build or browser code', () => {
    const forbiddenDirs = [...SERVER_SIDE, ...BROWSER];
    const problems: string[] = [];
    for (const r of imports.filter((i) => under(i.file, LIB))) {
      const p = targetPath(r.target);
      const pkg = packageName(r.target);
      if (r.target.kind === 'builtin') problems.push(show(r, 'Node built-in in src/lib (pure, isomorphic)'));
      else if (pkg && SERVER_PACKAGES.includes(pkg)) problems.push(show(r, `${pkg} in src/lib (I/O belongs in src/server)`));
      else if (pkg === 'i18next' && r.file !== I18N_MODULE) problems.push(show(r, `i18next in src/lib outside ${I18N_MODULE}`));
      else if (p && under(p, ...forbiddenDirs)) problems.push(show(r, `src/lib must not import ${forbiddenDirs.find((d) => under(p, d))}`));
    }
    failList('src/lib boundary violations:', problems);
  });

  it('src/lib does not touch ambient I/O (fetch, storage, DOM, env) or read the clock', () => {
    const problems = files
      .filter((f) => under(f, LIB))
      .flatMap((file) =>
        ioUsesOf(file).map(
          (u) =>
            `${file}:${u.line}  ${u.name}  — ${/Date/.test(u.name) ? 'pass "now" in as a parameter' : 'I/O belongs in src/server, src/islands or src/stores'}`,
        ),
      );
    failList('src/lib ambient I/O:', problems);
  });

  it('browser code (stores, islands, api-client, .astro <script>) imports no server-only code at runtime', () => {
    const problems: string[] = [];
    for (const r of imports.filter((i) => (under(i.file, ...BROWSER) || i.clientScript) && !i.typeOnly)) {
      const p = targetPath(r.target);
      const pkg = packageName(r.target);
      if (r.target.kind === 'builtin') problems.push(show(r, 'Node built-in in browser code'));
      else if (pkg && [...SERVER_PACKAGES, 'i18next'].includes(pkg)) problems.push(show(r, `${pkg} in browser code`));
      else if (pkg === 'zod') problems.push(show(r, 'zod in browser code: use the src/lib/api contracts'));
      else if (p && under(p, ...SERVER_SIDE, 'sandbox'))
        problems.push(show(r, `browser code must not import ${[...SERVER_SIDE, 'sandbox'].find((d) => under(p, d))}`));
      else if (p && p.replace(/\.ts$/, '') === I18N_MODULE.replace(/\.ts$/, ''))
        problems.push(show(r, 'islands get strings as props, never i18next'));
    }
    failList('Browser boundary violations:', problems);
  });

  it('the script on every page loads no zod up front (a schema made before zod-csp.ts sets jitless tries eval: a CSP report)', () => {
    // dynamic imports are the lazily mounted islands, which import src/lib/api/zod-csp.ts first
    const runtime = new Map<string, Resolved[]>();
    for (const r of imports) if (!r.typeOnly && !r.dynamic) runtime.set(r.file, [...(runtime.get(r.file) ?? []), r]);
    const entry = 'src/components/slots/BodyEnd.astro';
    const seen = new Set<string>([entry]);
    const problems: string[] = [];
    for (const file of seen)
      for (const r of (runtime.get(file) ?? []).filter((x) => file !== entry || x.clientScript)) {
        if (packageName(r.target) === 'zod') problems.push(show(r, 'zod in the page script: move the value it needs out of the contract'));
        const p = targetPath(r.target);
        if (p && files.includes(p)) seen.add(p);
      }
    expect(seen.size).toBeGreaterThan(10);
    failList('zod reached from the page script:', problems);
  });

  it('src never imports sandbox/', () => {
    failList(
      'src → sandbox imports:',
      imports
        .filter((r) => under(r.file, 'src') && under(targetPath(r.target) ?? '', 'sandbox'))
        .map((r) => show(r, 'sandbox/ is for development and tests only')),
    );
  });

  it("no relative import climbs more than one level ('../../')", () => {
    failList(
      'Imports climbing more than one level (use an alias such as #lib/…):',
      imports.filter((r) => climbs(r.specifier) > 1).map((r) => show(r, `climbs ${climbs(r.specifier)} levels`)),
    );
  });
});

describe('source scanner', () => {
  it('reads static, re-export, dynamic and require specifiers, and ignores comments and strings', () => {
    const src = [
      "import a from '#lib/a.ts';",
      "import type { B } from '#server/b.ts';",
      "import { type C, type D } from './c.ts';",
      "import { type E, f } from './e.ts';",
      "export * from '../x.ts';",
      "export type { G } from 'kysely';",
      '// import nope from "node:fs";',
      '/* import("#host/nope.ts") */',
      'const s = "import x from \'pg\'";',
      "const m = await import('#builds/m.ts');",
      "const r = require('node:path');",
      "type T = import('#stores/t.ts').T;",
    ].join('\n');
    const refs = importsOf('src/lib/x/y.ts', src).map((r) => [r.specifier, r.line, r.typeOnly, r.dynamic]);
    expect(refs).toEqual([
      ['#lib/a.ts', 1, false, false],
      ['#server/b.ts', 2, true, false],
      ['./c.ts', 3, true, false],
      ['./e.ts', 4, false, false],
      ['../x.ts', 5, false, false],
      ['kysely', 6, true, false],
      ['#builds/m.ts', 10, false, true],
      ['node:path', 11, false, true],
      ['#stores/t.ts', 12, true, true],
    ]);
  });

  it('reads .astro frontmatter and <script> blocks with real line numbers, not markup or JSON', () => {
    const src = [
      '---',
      "import Layout from '#layouts/L.astro';",
      "// import x from '#server/x.ts';",
      '---',
      '<!-- <script>import "#host/x.ts"</script> -->',
      '<p>import x from "pg"</p>',
      '<script type="application/ld+json">{"import": "#server/y.ts"}</script>',
      '<script type="application/json" set:html={JSON.stringify(list.map((x) => x > 1))} />',
      '<script>',
      "  import '#islands/page-effects.ts';",
      '</script>',
    ].join('\n');
    expect(importsOf('src/components/X.astro', src).map((r) => [r.specifier, r.line, r.clientScript])).toEqual([
      ['#layouts/L.astro', 2, false],
      ['#islands/page-effects.ts', 10, true],
    ]);
  });

  it('resolves aliases, relative paths, packages and built-ins', () => {
    expect(resolveSpecifier('#server/db/connection.ts', 'src/lib/a/b.ts', aliases)).toEqual({
      kind: 'file',
      path: 'src/server/db/connection.ts',
    });
    expect(resolveSpecifier('../server/x.ts', 'src/lib/b.ts', aliases)).toEqual({ kind: 'file', path: 'src/server/x.ts' });
    expect(resolveSpecifier('#sandbox/klarna/x.ts', 'src/server/a.ts', aliases)).toEqual({ kind: 'file', path: 'sandbox/klarna/x.ts' });
    expect(resolveSpecifier('@nanostores/react', 'src/islands/a.tsx', aliases)).toEqual({ kind: 'package', name: '@nanostores/react' });
    expect(resolveSpecifier('fs/promises', 'src/lib/a.ts', aliases)).toEqual({ kind: 'builtin', name: 'fs/promises' });
    expect(resolveSpecifier('#nope/x.ts', 'src/lib/a.ts', aliases).kind).toBe('unresolved');
    expect(climbs('../../a.ts')).toBe(2);
    expect(climbs('../a.ts')).toBe(1);
    expect(climbs('./a/../../b.ts')).toBe(2);
  });

  it('finds ambient I/O as free variables only', () => {
    const src = [
      'export function f(document: { title: string }, o: { window: number; fetch(): void }) {',
      '  o.fetch(); const n = o.window; const t = document.title;', // parameter and properties: fine
      '  const x = fetch("/a");', // 3
      '  localStorage.getItem("k");', // 4
      "  if (typeof window !== 'undefined') {}", // 5
      '  const e = process.env.X;', // 6
      '  const now = Date.now(); const d = new Date(); const ok = new Date(0);', // 7
      '  const g = globalThis.sessionStorage; const m = import.meta.env.MODE;', // 8
      '  // fetch("/comment"); Date.now()',
      '  return [x, n, t, e, now, d, ok, g, m];',
      '}',
      'type W = typeof window;',
    ].join('\n');
    expect(ioUsesOf('src/lib/x.ts', src).map((u) => [u.name, u.line])).toEqual([
      ['fetch', 3],
      ['localStorage', 4],
      ['window', 5],
      ['process.env', 6],
      ['Date.now', 7],
      ['new Date()', 7],
      ['globalThis.sessionStorage', 8],
      ['import.meta.env', 8],
    ]);
  });
});
