/** The db CLI as an operator runs it: migrate + seed with a progress bar, import a JSON catalogue, reject a bad one. */
import { spawnSync } from 'node:child_process';
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
});
