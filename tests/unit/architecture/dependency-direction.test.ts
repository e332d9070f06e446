/**
 * The direction between server domains and the absence of import circles (docs/adr/0006-source-layout.md):
 *
 *   src/server/<folder>   imports values only from folders in lower layers (server-layers.ts); type-only imports
 *                         against the direction only through TYPE_IMPORTS_AGAINST_DIRECTION, each with its reason.
 *   src/server            never imports src/builds, src/host or the Astro side (they sit above it); src/builds
 *                         never imports src/host.
 *   src/server folders    no value-import cycle between them.
 *   src/ files            no import circle at all, type-only imports included.
 *   the orders table      read and written only in src/server/orders (the schema and migrations in src/server/db, and
 *                         the demo seed, aside).
 *
 * A failure names every offending import or the circle. Fix the import (move the shared piece down, or pass the
 * value in); do not add exceptions here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aliasFolders, importsOf, resolveSpecifier, ROOT, sourceFiles, type ImportRef } from './source-scan.ts';
import { layerOf, SERVER_LAYERS, TYPE_IMPORTS_AGAINST_DIRECTION } from './server-layers.ts';
import { cyclesOf, pathAround } from './import-graph.ts';

const aliases = aliasFolders();
const files = sourceFiles('src');

interface Edge extends ImportRef {
  file: string;
  to: string;
}
const edges: Edge[] = files.flatMap((file) =>
  importsOf(file).flatMap((ref) => {
    const t = resolveSpecifier(ref.specifier, file, aliases);
    return t.kind === 'file' ? [{ ...ref, file, to: t.path }] : [];
  }),
);

const serverFolder = (p: string): string | undefined => /^src\/server\/([^/]+)\//.exec(p)?.[1];
const show = (e: Edge, why: string) => `${e.file}:${e.line}  ${e.typeOnly ? 'import type ' : ''}'${e.specifier}'  — ${why}`;

function failList(title: string, problems: string[]): void {
  expect(problems, `${title}\n  ${problems.join('\n  ')}\n`).toEqual([]);
}

function graphOf(pairs: Iterable<[string, string]>): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const [a, b] of pairs) {
    if (!g.has(a)) g.set(a, new Set());
    g.get(a)!.add(b);
  }
  return g;
}

describe('direction between server domains', () => {
  const folders = fs
    .readdirSync(path.join(ROOT, 'src/server'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

  it('places every src/server folder in exactly one layer, and names no missing folder', () => {
    const placed = SERVER_LAYERS.flat();
    failList(
      'Folders without a layer (add them to tests/unit/architecture/server-layers.ts and ADR 0006):',
      folders.filter((f) => !placed.includes(f)),
    );
    failList('Layers naming a folder twice or one that does not exist:', [
      ...placed.filter((f, i) => placed.indexOf(f) !== i),
      ...placed.filter((f) => !folders.includes(f)),
    ]);
  });

  it('a folder imports values only from lower layers; type-only imports against it only through the allow-list', () => {
    const problems: string[] = [];
    for (const e of edges) {
      const from = serverFolder(e.file);
      const to = serverFolder(e.to);
      if (!from || !to || from === to) continue;
      if (layerOf(to) < layerOf(from)) continue;
      if (e.typeOnly && TYPE_IMPORTS_AGAINST_DIRECTION.some((a) => a.from === e.file && a.to === e.to)) continue;
      const where = layerOf(to) === layerOf(from) ? 'the same layer' : 'a higher layer';
      problems.push(show(e, `${from} (layer ${layerOf(from)}) must not import ${to}: ${where} (${layerOf(to)})`));
    }
    failList('Imports against the direction between server domains:', problems);
  });

  it('keeps the allow-list true: every entry is a type-only import that still exists', () => {
    failList(
      'Stale allow-list entries:',
      TYPE_IMPORTS_AGAINST_DIRECTION.filter((a) => !edges.some((e) => e.file === a.from && e.to === a.to && e.typeOnly)).map(
        (a) => `${a.from} → ${a.to}`,
      ),
    );
  });

  it('src/server imports nothing from src/builds, src/host or the Astro side; src/builds nothing from src/host', () => {
    const above = ['src/builds/', 'src/host/', 'src/pages/', 'src/components/', 'src/layouts/', 'src/islands/', 'src/stores/'];
    failList('Imports of a higher part of the tree:', [
      ...edges
        .filter((e) => e.file.startsWith('src/server/') && above.some((a) => e.to.startsWith(a)))
        .map((e) => show(e, 'src/server sits below it')),
      ...edges
        .filter((e) => e.file.startsWith('src/builds/') && e.to.startsWith('src/host/'))
        .map((e) => show(e, 'src/builds sits below src/host')),
    ]);
  });

  it('no value-import cycle between src/server folders', () => {
    const g = graphOf(
      edges.flatMap((e): [string, string][] => {
        const a = serverFolder(e.file);
        const b = serverFolder(e.to);
        return a && b && a !== b && !e.typeOnly ? [[a, b]] : [];
      }),
    );
    failList(
      'Cycles between server folders:',
      cyclesOf(g).map((c) => pathAround(c, g).join(' → ')),
    );
  });
});

describe('no import circles between files', () => {
  it('no file in src/ reaches itself through its imports (type-only imports included)', () => {
    const g = graphOf(edges.map((e): [string, string] => [e.file, e.to]));
    failList(
      'Import circles (move the shared type or value to a file both can import):',
      cyclesOf(g).map((c) => pathAround(c, g).join(' → ')),
    );
  });
});

describe('the orders table has one home', () => {
  // Kysely calls naming the table, and raw SQL reading or writing it.
  const TABLE_USE =
    /\b(?:selectFrom|insertInto|updateTable|deleteFrom|(?:inner|left|right|full)Join)\(\s*['"]orders(?:\s+as\s+\w+)?['"]|\b(?:from|join|into|update)\s+orders\b/i;
  const EXEMPT = ['src/server/orders/', 'src/server/db/', 'src/server/seed/'];

  it('only src/server/orders reads and writes it', () => {
    const problems = sourceFiles('src')
      .filter((f) => /\.tsx?$/.test(f) && !EXEMPT.some((d) => f.startsWith(d)))
      .flatMap((f) =>
        fs
          .readFileSync(path.join(ROOT, f), 'utf8')
          .split('\n')
          .flatMap((line, i) => (TABLE_USE.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${f}:${i + 1}  ${line.trim()}`] : [])),
      );
    failList('The orders table used outside src/server/orders (call a function of src/server/orders instead):', problems);
  });
});

describe('import-graph helpers', () => {
  it('finds a cycle and a path around it, and no cycle in a tree', () => {
    const g = graphOf([
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
      ['c', 'd'],
      ['d', 'e'],
    ]);
    expect(cyclesOf(g)).toEqual([['a', 'b', 'c']]);
    expect(pathAround(['a', 'b', 'c'], g)).toEqual(['a', 'b', 'c', 'a']);
    expect(
      cyclesOf(
        graphOf([
          ['a', 'b'],
          ['a', 'c'],
          ['b', 'c'],
        ]),
      ),
    ).toEqual([]);
  });
});
