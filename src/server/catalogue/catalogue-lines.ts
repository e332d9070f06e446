/**
 * The catalogue as JSON Lines (docs/product/catalogue.md#json-lines): one record a line, `{"<kind>": {…}}` with
 * the fields of one element of the JSON document's list. Read as a stream, each line validated on its own, so an
 * error names its line and memory holds one line at a time.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import type { z } from 'zod';
import {
  brandRecordSchema,
  categoryRecordSchema,
  contentPageRecordSchema,
  dealRecordSchema,
  productRecordSchema,
  searchTriggerRecordSchema,
  tagRecordSchema,
  widgetRecordSchema,
} from './catalogue-schema.ts';
import { couponDocumentSchema } from '#server/coupons/coupon-document.ts';
import { accessoriesDocumentSchema, upsellBundleDocumentSchema } from './accessories-import.ts';
import { diagramDocumentSchema, modelDocumentSchema } from './model-import.ts';

/** Each record kind, its schema and the document list it belongs to (named in errors as in the JSON document). */
const KINDS = {
  category: { list: 'categories', schema: categoryRecordSchema },
  brand: { list: 'brands', schema: brandRecordSchema },
  tag: { list: 'tags', schema: tagRecordSchema },
  product: { list: 'products', schema: productRecordSchema },
  content_page: { list: 'content_pages', schema: contentPageRecordSchema },
  widget: { list: 'widgets', schema: widgetRecordSchema },
  deal: { list: 'deals', schema: dealRecordSchema },
  search_trigger: { list: 'search_triggers', schema: searchTriggerRecordSchema },
  coupon: { list: 'coupons', schema: couponDocumentSchema },
  accessories: { list: 'accessories', schema: accessoriesDocumentSchema },
  upsell_bundle: { list: 'upsell_bundles', schema: upsellBundleDocumentSchema },
  model: { list: 'models', schema: modelDocumentSchema },
  diagram: { list: 'diagrams', schema: diagramDocumentSchema },
} as const;

export type RecordKind = keyof typeof KINDS;
export const RECORD_KINDS = Object.keys(KINDS) as RecordKind[];
/** The document list of each kind: `product` → `products`. */
export const listOf = (kind: RecordKind) => KINDS[kind].list;

/** One validated line. */
export type CatalogueRecord = { [K in RecordKind]: { kind: K; value: z.output<(typeof KINDS)[K]['schema']> } }[RecordKind];

/** A problem in the file, naming its line (or lines, for a batch the database refused). */
export class CatalogueLineError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}

const isKind = (k: string): k is RecordKind => Object.hasOwn(KINDS, k);

/** Validates one line's text; throws a CatalogueLineError naming the line and the field. */
export function parseCatalogueLine(text: string, line: number): CatalogueRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CatalogueLineError(line, 'not a JSON value');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new CatalogueLineError(line, 'not a JSON object');
  const keys = Object.keys(json);
  if (keys.length !== 1) throw new CatalogueLineError(line, `one key naming the record kind expected (${RECORD_KINDS.join(', ')})`);
  const kind = keys[0]!;
  if (!isKind(kind)) throw new CatalogueLineError(line, `unknown record kind ${JSON.stringify(kind)} (${RECORD_KINDS.join(', ')})`);
  const { list, schema } = KINDS[kind];
  const parsed = schema.safeParse((json as Record<string, unknown>)[kind]);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const shown = issues.slice(0, 3).map((i) => `${[list, ...i.path].join('.')}: ${i.message}`);
    throw new CatalogueLineError(line, shown.join('; ') + (issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''));
  }
  return { kind, value: parsed.data } as CatalogueRecord;
}

export interface NumberedRecord {
  line: number;
  record: CatalogueRecord;
}

/** Validated records of numbered lines (blank lines are counted and skipped). */
export async function* numberedRecords(
  texts: Iterable<string> | AsyncIterable<string>,
  onLine?: (line: number) => void,
): AsyncGenerator<NumberedRecord> {
  let line = 0;
  for await (const text of texts) {
    line++;
    if (text.trim() === '') continue;
    // a byte order mark some editors write before the first line
    yield { line, record: parseCatalogueLine(line === 1 ? text.replace(/^\uFEFF/, '') : text, line) };
    if (onLine && line % 1000 === 0) onLine(line);
  }
}

/**
 * The records of a JSON Lines file in order, validated as they are read.
 * `onBytes(read, total)` follows the bytes read, for a progress bar.
 */
export async function* readCatalogueLines(file: string, onBytes?: (read: number, total: number) => void): AsyncGenerator<NumberedRecord> {
  const total = fs.statSync(file).size;
  const input = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    yield* numberedRecords(lines, onBytes && (() => onBytes(input.bytesRead, total)));
    onBytes?.(total, total);
  } finally {
    lines.close();
    input.destroy();
  }
}

/** The lists of a JSON document in the order a JSON Lines file carries them: the taxonomy before the products. */
const DOCUMENT_ORDER: RecordKind[] = [
  'category',
  'brand',
  'tag',
  'product',
  'content_page',
  'widget',
  'deal',
  'search_trigger',
  'coupon',
  'accessories',
  'upsell_bundle',
  'diagram',
  'model',
];

/** A JSON document's records as JSON Lines, one line (without its newline) at a time. */
export function* documentLines(doc: Partial<Record<string, readonly unknown[]>>): Generator<string> {
  for (const kind of DOCUMENT_ORDER) for (const value of doc[listOf(kind)] ?? []) yield JSON.stringify({ [kind]: value });
}
