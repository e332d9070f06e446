/**
 * The db CLI as an operator runs it: migrate + seed with a progress bar, import a JSON catalogue, reject a bad one;
 * the demo as JSON Lines (the same bytes each time), imported whole and as a delta.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-cli-'));
const dbFile = path.join(dir, 'cli.db');
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/db.mjs', ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: `sqlite:${dbFile}` } });
const products = () => {
  const db = new DatabaseSync(dbFile);
  try {
    return (db.prepare('SELECT count(*) AS n FROM products').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('db CLI', () => {
  it('seeds the demo catalogue with a progress bar, and --if-empty leaves data alone', () => {
    const r = cli('seed', '--products', '120');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/seeded .*120 products/);
    expect(r.stderr).toMatch(/writing +\[#+\] 100% \(120\/120\)/);
    expect(products()).toBe(120);
    expect(cli('seed', '--if-empty', '--products', '5').status).toBe(0);
    expect(products()).toBe(120);
    expect(cli('seed', '--products', 'lots').status).toBe(1);
  });

  it('imports a JSON catalogue and refuses an invalid one without changing data', () => {
    const file = path.join(dir, 'catalogue.json');
    fs.writeFileSync(file, JSON.stringify(generateDemoCatalogue({ products: 30, seed: 7 })));
    const ok = cli('import', file);
    expect(ok.status, ok.stderr).toBe(0);
    expect(products()).toBe(30);
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ categories: [], brands: [], tags: [], products: [{ id: 'x' }] }));
    const r = cli('import', bad);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/products/);
    expect(products()).toBe(30);
    expect(cli('import').status).toBe(1);
  });

  it('writes the demo as JSON Lines, the same bytes each time, and imports it whole and as a delta', () => {
    const a = path.join(dir, 'a.jsonl');
    const b = path.join(dir, 'b.jsonl');
    for (const out of [a, b]) {
      const r = cli('export-demo', '--products', '25', out);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/wrote .*25 products/);
    }
    const hash = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    expect(hash(a)).toBe(hash(b));
    const full = cli('import', a);
    expect(full.status, full.stderr).toBe(0);
    expect(full.stdout).toMatch(/imported .*a\.jsonl.*: 25 products/);
    expect(full.stderr).toMatch(/importing \(bytes\) +\[#+\] 100%/);
    expect(products()).toBe(25);
    const delta = path.join(dir, 'delta.jsonl');
    fs.writeFileSync(
      delta,
      fs
        .readFileSync(a, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{"product"'))
        .join('\n'),
    );
    const unchanged = cli('import', delta, '--delta');
    expect(unchanged.status, unchanged.stderr).toBe(0);
    expect(unchanged.stdout).toMatch(/\(delta\): 25 products read, 0 written \(0 new\)/);
    const bad = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(bad, '{"product": {"id": 1}}\n');
    const refused = cli('import', bad, '--delta');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^line 1: products\./m);
    expect(cli('import', path.join(dir, 'catalogue.json'), '--delta').status).toBe(1);
    expect(products()).toBe(25);
  });
});
