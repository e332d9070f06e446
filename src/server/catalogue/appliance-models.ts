/**
 * Reading the parts finder's catalogue data (migration 0033, docs/product/parts-finder.md): one model with its
 * diagrams and compatible parts for its page, every model of a storefront for the search index, and products'
 * other numbers and successors. Names are the storefront's (brand, appliance type from the appliance category).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { ProductNumberKind } from '#server/db/appliance-model-tables.ts';

export interface ModelSummary {
  id: number;
  slug: string;
  number: string;
  normalized: string;
  brandId: number;
  brand: string;
  categoryId: number;
  /** The appliance type in the storefront's language ("Diskmaskin"). */
  applianceType: string;
  yearFrom: number | null;
  yearTo: number | null;
  image: { url: string; width: number; height: number } | null;
}

export interface ModelDiagram {
  no: number;
  title: string;
  /** Sanitized at import. */
  svg: string;
  width: number;
  height: number;
}

export interface ModelPart {
  productId: number;
  /** Its places on the model's diagrams; empty when it has none. */
  positions: { diagram: number; position: string }[];
}

export interface ModelDetail extends ModelSummary {
  aliases: string[];
  diagrams: ModelDiagram[];
  parts: ModelPart[];
}

const summaryColumns = [
  'm.id',
  'm.slug',
  'm.number',
  'm.normalized',
  'm.brand_id',
  'b.name as brand',
  'm.category_id',
  'ct.name as appliance_type',
  'm.year_from',
  'm.year_to',
  'm.image_url',
  'm.image_width',
  'm.image_height',
] as const;

const models = (db: Db, locale: LocaleCode) =>
  db
    .selectFrom('appliance_models as m')
    .innerJoin('brands as b', 'b.id', 'm.brand_id')
    .innerJoin('category_translations as ct', (j) => j.onRef('ct.category_id', '=', 'm.category_id').on('ct.locale', '=', locale));

interface SummaryRow {
  id: number;
  slug: string;
  number: string;
  normalized: string;
  brand_id: number;
  brand: string;
  category_id: number;
  appliance_type: string;
  year_from: number | null;
  year_to: number | null;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
}

const summary = (r: SummaryRow): ModelSummary => ({
  id: r.id,
  slug: r.slug,
  number: r.number,
  normalized: r.normalized,
  brandId: r.brand_id,
  brand: r.brand,
  categoryId: r.category_id,
  applianceType: r.appliance_type,
  yearFrom: r.year_from,
  yearTo: r.year_to,
  image: r.image_url ? { url: r.image_url, width: r.image_width ?? 0, height: r.image_height ?? 0 } : null,
});

/** One model by its address word, with aliases, diagrams and parts (positions in diagram order); null when unknown. */
export async function modelBySlug(db: Db, slug: string, locale: LocaleCode): Promise<ModelDetail | null> {
  const row = await models(db, locale).where('m.slug', '=', slug).select(summaryColumns).executeTakeFirst();
  if (!row) return null;
  const id = row.id;
  const [aliases, diagrams, parts] = await Promise.all([
    db.selectFrom('appliance_model_aliases').where('model_id', '=', id).select('number').orderBy('number').execute(),
    db
      .selectFrom('model_diagrams as md')
      .innerJoin('diagrams as d', 'd.id', 'md.diagram_id')
      .where('md.model_id', '=', id)
      .select(['md.diagram_no', 'md.titles', 'd.svg', 'd.width', 'd.height'])
      .orderBy('md.diagram_no')
      .execute(),
    db
      .selectFrom('model_parts')
      .where('model_id', '=', id)
      .select(['product_id', 'diagram_no', 'position'])
      .orderBy('diagram_no')
      .orderBy('product_id')
      .execute(),
  ]);
  const byProduct = new Map<number, ModelPart>();
  for (const p of parts) {
    const part = byProduct.get(p.product_id) ?? { productId: p.product_id, positions: [] };
    if (p.diagram_no > 0) part.positions.push({ diagram: p.diagram_no, position: p.position });
    byProduct.set(p.product_id, part);
  }
  const positionKey = (p: ModelPart) => {
    const first = p.positions[0];
    return first ? first.diagram * 1e6 + (Number.parseInt(first.position, 10) || 0) : Number.MAX_SAFE_INTEGER;
  };
  return {
    ...summary(row),
    aliases: aliases.map((a) => a.number),
    diagrams: diagrams.map((d) => {
      const titles = JSON.parse(d.titles) as Partial<Record<LocaleCode, string>>;
      return { no: d.diagram_no, title: titles[locale] ?? `${d.diagram_no}`, svg: d.svg, width: d.width, height: d.height };
    }),
    parts: [...byProduct.values()].sort((a, b) => positionKey(a) - positionKey(b) || a.productId - b.productId),
  };
}

/** Every model with its aliases' comparable forms: the source of the model search (one read per storefront). */
export async function modelSearchRows(db: Db, locale: LocaleCode): Promise<(ModelSummary & { aliases: string[] })[]> {
  const [rows, aliases] = await Promise.all([
    models(db, locale).select(summaryColumns).orderBy('m.id').execute(),
    db.selectFrom('appliance_model_aliases').select(['model_id', 'normalized']).execute(),
  ]);
  const aliasesOf = new Map<number, string[]>();
  for (const a of aliases) aliasesOf.set(a.model_id, [...(aliasesOf.get(a.model_id) ?? []), a.normalized]);
  return rows.map((r) => ({ ...summary(r), aliases: aliasesOf.get(r.id) ?? [] }));
}

/** Every model's address word: the model pages a build renders. */
export async function modelSlugs(db: Db): Promise<string[]> {
  return (await db.selectFrom('appliance_models').select('slug').orderBy('id').execute()).map((r) => r.slug);
}

export interface ProductNumber {
  kind: ProductNumberKind;
  maker: string | null;
  number: string;
  normalized: string;
}

/** The other numbers of some products, by product id. */
export async function productNumbers(db: Db, productIds: readonly number[]): Promise<Map<number, ProductNumber[]>> {
  const out = new Map<number, ProductNumber[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .selectFrom('product_numbers')
    .where('product_id', 'in', [...productIds])
    .select(['product_id', 'kind', 'maker', 'number', 'normalized'])
    .orderBy('product_id')
    .orderBy('kind')
    .orderBy('number')
    .execute();
  for (const r of rows)
    out.set(r.product_id, [...(out.get(r.product_id) ?? []), { kind: r.kind, maker: r.maker, number: r.number, normalized: r.normalized }]);
  return out;
}

/** The whole supersession table, product id → the id replacing it (small: a row per replaced product). */
export async function supersessionMap(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom('product_supersessions').select(['product_id', 'replaced_by']).execute();
  return new Map(rows.map((r) => [r.product_id, r.replaced_by]));
}

/** The models a product fits, by id (the product page's "fits" list and the change feed's model tags). */
export async function modelsOfProduct(db: Db, productId: number, locale: LocaleCode): Promise<ModelSummary[]> {
  const rows = await models(db, locale)
    .where('m.id', 'in', db.selectFrom('model_parts').where('product_id', '=', productId).select('model_id'))
    .select(summaryColumns)
    .orderBy('b.name')
    .orderBy('m.number')
    .execute();
  return rows.map((r) => summary(r));
}
