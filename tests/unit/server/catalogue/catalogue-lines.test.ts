/**
 * The JSON Lines reader (docs/product/catalogue.md#json-lines): each line validated on its own, an error names
 * the line and the field, and a JSON document's records come out as lines that read back the same.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentLines, parseCatalogueLine, readCatalogueLines } from '#server/catalogue/catalogue-lines.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';

const product = {
  id: 7,
  sku: 'P-7',
  brand_id: null,
  stock_status: 'in-stock',
  categories: [{ id: 1, main: true }],
  translations: { sv: { name: 'Filter', slug: 'filter-7' } },
  prices: { sv: { prices: { n: [{ q: 1, p: 499 }] }, vat: 25 } },
};

describe('a catalogue line', () => {
  it('is one record named by its kind, with the defaults of the JSON document', () => {
    const r = parseCatalogueLine(JSON.stringify({ product }), 1);
    expect(r.kind).toBe('product');
    expect(r.kind === 'product' && r.value).toMatchObject({ id: 7, sku: 'P-7', type: 1, tags: [], images: [], price_history: {} });
  });

  it('a bad field names the line and the field as the document would', () => {
    const bad = { ...product, prices: { sv: { prices: { n: [{ q: 1, p: 'x' }] }, vat: 25 } } };
    expect(() => parseCatalogueLine(JSON.stringify({ product: bad }), 12345)).toThrow(
      /^line 12345: products\.prices\.sv\.prices\.n\.0\.p: /,
    );
    expect(() => parseCatalogueLine(JSON.stringify({ product: { ...product, stock_status: 'teleported' } }), 3)).toThrow(
      /^line 3: products\.stock_status: /,
    );
  });

  it('refuses an unknown kind, two kinds in a line and text that is not a JSON object', () => {
    expect(() => parseCatalogueLine('{"gadget": {}}', 4)).toThrow(/^line 4: unknown record kind "gadget"/);
    expect(() => parseCatalogueLine(JSON.stringify({ product, brand: {} }), 5)).toThrow(/^line 5: one key naming the record kind/);
    expect(() => parseCatalogueLine('{"product": ', 6)).toThrow(/^line 6: not a JSON value/);
    expect(() => parseCatalogueLine('[1]', 7)).toThrow(/^line 7: not a JSON object/);
  });
});

describe('reading a file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-lines-'));

  it('numbers the lines of the file (blank lines count, and are skipped) and stops at the first bad one', async () => {
    const file = path.join(dir, 'c.jsonl');
    fs.writeFileSync(
      file,
      [JSON.stringify({ product }), '', JSON.stringify({ product: { ...product, id: 8, sku: 'P-8' } }), '{"gadget":1}'].join('\n'),
    );
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const { line } of readCatalogueLines(file)) seen.push(line);
      })(),
    ).rejects.toThrow(/^line 4: unknown record kind/);
    expect(seen).toEqual([1, 3]);
  });

  it('skips a byte order mark before the first line', async () => {
    const file = path.join(dir, 'bom.jsonl');
    fs.writeFileSync(file, '\uFEFF' + JSON.stringify({ product }) + '\r\n');
    const lines: number[] = [];
    for await (const { line } of readCatalogueLines(file)) lines.push(line);
    expect(lines).toEqual([1]);
  });

  it("a document's records as lines read back as the document's records, taxonomy first", async () => {
    const doc = generateDemoCatalogue({ products: 12, seed: 3 });
    const file = path.join(dir, 'demo.jsonl');
    fs.writeFileSync(file, [...documentLines(doc)].join('\n') + '\n');
    const kinds: string[] = [];
    let products = 0;
    let progress: [number, number] = [0, 0];
    for await (const { record } of readCatalogueLines(file, (read, total) => (progress = [read, total]))) {
      if (kinds.at(-1) !== record.kind) kinds.push(record.kind);
      if (record.kind === 'product') expect(record.value.sku).toBe(doc.products[products++]!.sku);
    }
    expect(products).toBe(12);
    expect(kinds.slice(0, 4)).toEqual(['category', 'brand', 'tag', 'product']);
    expect(progress).toEqual([fs.statSync(file).size, fs.statSync(file).size]);
  });
});
