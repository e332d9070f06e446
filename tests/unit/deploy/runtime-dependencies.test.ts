/**
 * The image installs production dependencies only (`npm ci --omit=dev`, Dockerfile) and builds at deploy time
 * (docs/product/deployment.md#the-image): every package the server, the build and the production scripts import
 * must be in package.json "dependencies", not only in devDependencies or pulled in by another package.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/** What runs in the image: the server and its build, and the scripts compose and operators run there. */
const ROOTS = ['src', 'integrations', 'deploy'];
const FILES = [
  'astro.config.mjs',
  ...[
    'start',
    'db',
    'rebuild',
    'export-static',
    'outbox',
    'reconcile',
    'operator',
    'subscriptions',
    'newsletter',
    'content',
    'experiments',
  ].map((n) => `scripts/${n}.mjs`),
];

function* sources(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(file);
    else if (/\.(ts|tsx|mjs|js|astro)$/.test(e.name)) yield file;
  }
}

it('every package imported by the server, the build and the production scripts is a production dependency', () => {
  const dependencies = new Set(Object.keys((JSON.parse(fs.readFileSync('package.json', 'utf8')) as { dependencies: object }).dependencies));
  const missing: string[] = [];
  for (const file of [...ROOTS.flatMap((r) => [...sources(r)]), ...FILES]) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, spec = ''] of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
      if (/^(\.|\/|#|node:|astro:|virtual:)/.test(spec)) continue;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      if (!dependencies.has(name)) missing.push(`${name} (${file})`);
    }
  }
  expect(missing).toEqual([]);
});
