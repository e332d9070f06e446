/**
 * The catalogue document's parts-finder data (docs/product/parts-finder.md#import-format): appliance models with
 * their aliases, diagrams and compatible parts (by sku, with positions), and each product's OEM numbers,
 * cross-references and supersession. Checked against the whole document before anything is written: a broken
 * reference, a duplicate model number or a supersession cycle fails the import with a message naming it.
 */
import { z } from 'zod';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { normalizeNumber } from '#lib/catalogue/model-number.ts';
import { supersessionCycles } from '#lib/catalogue/supersession.ts';
import { slugify } from '#lib/routing/slug.ts';
import type {
  ApplianceModelAliasesTable,
  ApplianceModelsTable,
  DiagramsTable,
  ModelDiagramsTable,
  ModelPartsTable,
  ProductNumbersTable,
  ProductSupersessionsTable,
} from '#server/db/appliance-model-tables.ts';

const sku = z.string().min(1).max(64);
/** A model or part number as printed: something left after normalizing, at most 64 characters. */
const partNumber = z
  .string()
  .min(1)
  .max(64)
  .refine((n) => normalizeNumber(n).length > 0, 'a number needs a letter or digit');

const position = z.string().regex(/^[0-9A-Za-z]{1,8}$/, 'a position is 1–8 letters or digits');

export const modelDocumentSchema = z.object({
  id: z.number().int().positive(),
  brand_id: z.number().int().positive(),
  /** As on the rating plate. */
  number: partNumber,
  /** Other ways the same model is written. */
  aliases: z.array(partNumber).max(20).default([]),
  /** The appliance's category (its name is the appliance type). */
  category_id: z.number().int().positive(),
  years: z
    .object({ from: z.number().int().min(1900).max(2100), to: z.number().int().min(1900).max(2100).nullable().default(null) })
    .refine((y) => y.to === null || y.to >= y.from, 'years.to before years.from')
    .nullable()
    .default(null),
  image: z
    .object({ url: z.string().min(1), width: z.number().int().positive(), height: z.number().int().positive() })
    .nullable()
    .default(null),
  /** The drawings this model uses (from the document's diagrams), numbered as the model's service manual does. */
  diagrams: z
    .array(
      z.object({
        no: z.number().int().min(1).max(99),
        diagram_id: z.number().int().positive(),
        title: z.partialRecord(z.enum(LOCALE_CODES), z.string().min(1).max(120)).default({}),
      }),
    )
    .max(20)
    .default([]),
  /** The compatible parts; positions refer to this model's diagrams. */
  parts: z
    .array(
      z.object({
        sku,
        positions: z
          .array(z.object({ diagram: z.number().int().min(1), position }))
          .max(10)
          .default([]),
      }),
    )
    .min(1)
    .max(2000),
});

/** An exploded view, shared by the models that list it. */
export const diagramDocumentSchema = z.object({
  id: z.number().int().positive(),
  /** SVG whose callouts carry data-position; sanitized when imported. */
  svg: z.string().min(1).max(500_000),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** A product's other numbers (fields of a product in the document). */
export const productNumberFields = {
  /** Its maker's numbers. */
  oem_numbers: z
    .array(z.object({ number: partNumber, maker: z.string().min(1).max(64).nullable().default(null) }))
    .max(20)
    .default([]),
  /** Other makers' numbers for the same part. */
  cross_references: z
    .array(z.object({ number: partNumber, maker: z.string().min(1).max(64) }))
    .max(50)
    .default([]),
  /** Old numbers this part supersedes (no longer in the catalogue). */
  replaces: z.array(partNumber).max(20).default([]),
  /** The product in the catalogue that supersedes this one. */
  replaced_by: sku.nullable().default(null),
};

export type ModelDocument = z.output<typeof modelDocumentSchema>;
export type DiagramDocument = z.output<typeof diagramDocumentSchema>;
export interface ProductNumbersDocument {
  id: number;
  sku: string;
  oem_numbers: { number: string; maker: string | null }[];
  cross_references: { number: string; maker: string }[];
  replaces: string[];
  replaced_by: string | null;
}

export interface ModelRows {
  models: ApplianceModelsTable[];
  aliases: ApplianceModelAliasesTable[];
  diagrams: DiagramsTable[];
  modelDiagrams: ModelDiagramsTable[];
  parts: ModelPartsTable[];
  numbers: ProductNumbersTable[];
  supersessions: ProductSupersessionsTable[];
}

/** A product's own numbers (OEM, cross-references, replaced numbers), each once. */
export function productNumberRows(p: ProductNumbersDocument): ProductNumbersTable[] {
  const rows: ProductNumbersTable[] = [];
  const seen = new Set<string>();
  const add = (kind: ProductNumbersTable['kind'], number: string, maker: string | null) => {
    const normalized = normalizeNumber(number);
    if (seen.has(`${kind}:${normalized}`)) return;
    seen.add(`${kind}:${normalized}`);
    rows.push({ product_id: p.id, kind, maker, number, normalized });
  };
  p.oem_numbers.forEach((n) => add('oem', n.number, n.maker));
  p.cross_references.forEach((n) => add('cross', n.number, n.maker));
  p.replaces.forEach((n) => add('replaces', n, null));
  return rows;
}

/** The model page's address word after the storefront's /modell/: brand and number, lower case. */
export const modelSlug = (brandName: string, number: string): string => slugify(`${brandName} ${number}`);

/**
 * The rows to insert, or an Error naming up to 10 problems. `sanitizeSvg` cleans each drawing (no scripts, no
 * external references) before it is stored.
 */
export function modelRows(
  doc: {
    brands: readonly { id: number; name: string }[];
    categories: readonly { id: number }[];
    products: readonly ProductNumbersDocument[];
    models: readonly ModelDocument[];
    diagrams: readonly DiagramDocument[];
    /** Every product's id by sku when `products` holds only some (a streamed import: catalogue-lines.ts). */
    skuToId?: ReadonlyMap<string, number>;
  },
  sanitizeSvg: (svg: string) => string = (svg) => svg,
): ModelRows {
  const problems: string[] = [];
  const skuToId = doc.skuToId ?? new Map(doc.products.map((p) => [p.sku, p.id]));
  const brandName = new Map(doc.brands.map((b) => [b.id, b.name]));
  const categoryIds = new Set(doc.categories.map((c) => c.id));
  const out: ModelRows = { models: [], aliases: [], diagrams: [], modelDiagrams: [], parts: [], numbers: [], supersessions: [] };
  const diagramIds = new Set<number>();
  for (const d of doc.diagrams) {
    if (diagramIds.has(d.id)) problems.push(`diagrams: id ${d.id} used twice`);
    diagramIds.add(d.id);
    out.diagrams.push({ id: d.id, svg: sanitizeSvg(d.svg), width: d.width, height: d.height });
  }

  const ids = new Set<number>();
  const numbersOfBrand = new Map<string, string>(); // brand:normalized → where
  const slugs = new Map<string, string>();
  doc.models.forEach((m, i) => {
    const where = `models.${i} (${m.number})`;
    if (ids.has(m.id)) problems.push(`${where}: model id ${m.id} used twice`);
    ids.add(m.id);
    const brand = brandName.get(m.brand_id);
    if (brand === undefined) problems.push(`${where}: unknown brand_id ${m.brand_id}`);
    if (!categoryIds.has(m.category_id)) problems.push(`${where}: unknown category_id ${m.category_id}`);
    const normalized = normalizeNumber(m.number);
    const forms = [normalized, ...new Set(m.aliases.map(normalizeNumber).filter((a) => a !== normalized))];
    for (const form of forms) {
      const key = `${m.brand_id}:${form}`;
      const other = numbersOfBrand.get(key);
      if (other) problems.push(`${where}: the number ${form} is also ${other} of the same brand`);
      else numbersOfBrand.set(key, where);
    }
    const slug = modelSlug(brand ?? String(m.brand_id), m.number);
    const slugOwner = slugs.get(slug);
    if (slugOwner) problems.push(`${where}: its address ${slug} is also ${slugOwner}'s`);
    slugs.set(slug, where);
    out.models.push({
      id: m.id,
      brand_id: m.brand_id,
      number: m.number,
      normalized,
      category_id: m.category_id,
      slug,
      year_from: m.years?.from ?? null,
      year_to: m.years?.to ?? null,
      image_url: m.image?.url ?? null,
      image_width: m.image?.width ?? null,
      image_height: m.image?.height ?? null,
    });
    const aliasNumbers = new Map(m.aliases.map((a) => [normalizeNumber(a), a]));
    aliasNumbers.delete(normalized);
    for (const [form, number] of aliasNumbers) out.aliases.push({ model_id: m.id, number, normalized: form });

    const diagramNos = new Set<number>();
    for (const d of m.diagrams) {
      if (diagramNos.has(d.no)) problems.push(`${where}: diagram ${d.no} given twice`);
      diagramNos.add(d.no);
      if (!diagramIds.has(d.diagram_id)) problems.push(`${where}: diagram ${d.no} names an unknown diagram_id ${d.diagram_id}`);
      out.modelDiagrams.push({ model_id: m.id, diagram_no: d.no, diagram_id: d.diagram_id, titles: JSON.stringify(d.title) });
    }
    const seenParts = new Set<string>();
    for (const part of m.parts) {
      const productId = skuToId.get(part.sku);
      if (productId === undefined) {
        problems.push(`${where}: unknown part sku ${part.sku}`);
        continue;
      }
      if (seenParts.has(part.sku)) problems.push(`${where}: part ${part.sku} listed twice`);
      seenParts.add(part.sku);
      const placed = new Set<string>();
      for (const p of part.positions) {
        if (!diagramNos.has(p.diagram))
          problems.push(`${where}: part ${part.sku} is placed on diagram ${p.diagram}, which the model lacks`);
        const key = `${p.diagram}:${p.position}`;
        if (placed.has(key)) continue;
        placed.add(key);
        out.parts.push({ model_id: m.id, product_id: productId, diagram_no: p.diagram, position: p.position });
      }
      if (part.positions.length === 0) out.parts.push({ model_id: m.id, product_id: productId, diagram_no: 0, position: '' });
    }
  });

  const replacedBy = new Map<string, string>();
  for (const p of doc.products) {
    out.numbers.push(...productNumberRows(p));
    if (p.replaced_by === null) continue;
    const successor = skuToId.get(p.replaced_by);
    if (successor === undefined) problems.push(`products ${p.sku}: replaced_by names an unknown sku ${p.replaced_by}`);
    else if (successor === p.id) problems.push(`products ${p.sku}: a product does not replace itself`);
    else {
      out.supersessions.push({ product_id: p.id, replaced_by: successor });
      replacedBy.set(p.sku, p.replaced_by);
    }
  }
  for (const cycle of supersessionCycles(replacedBy)) problems.push(`products: supersession cycle ${cycle.join(' → ')}`);

  if (problems.length > 0) {
    const shown = problems.slice(0, 10).map((p) => `  ${p}`);
    throw new Error(`invalid catalogue (${problems.length} problems in models and part numbers):\n${shown.join('\n')}`);
  }
  return out;
}
