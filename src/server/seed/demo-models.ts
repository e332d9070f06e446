/**
 * The demo's appliance models and part numbers (docs/product/parts-finder.md#demo-data): every model a product's
 * name mentions, plus generated ones up to the wanted count (2,000 by default), each with 10–60 compatible parts
 * of its appliance type placed on drawn diagrams; each product gets its maker's number, often another maker's
 * cross-reference, sometimes old numbers it replaces; some discontinued products are replaced by a successor.
 * Its own PRNG stream: the products (names, prices, stock) stay exactly what they were before models existed.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { normalizeNumber } from '#lib/catalogue/model-number.ts';
import type { CatalogueInput } from '#server/catalogue/catalogue-schema.ts';
import { drawDiagram } from './demo-diagrams.ts';

type ProductDoc = CatalogueInput['products'][number];
type ModelDoc = NonNullable<CatalogueInput['models']>[number];
type DiagramDoc = NonNullable<CatalogueInput['diagrams']>[number];

/** What the product generator knows of each product's appliance and model words. */
export interface ProductModelFacts {
  brandId: number;
  applianceId: number;
  partKey: string;
  /** The part type's place in its appliance's list: parts are drawn in this order. */
  partOrder: number;
  model: string;
}

const DIAGRAM_TITLES: Record<LocaleCode, string> = {
  sv: 'Sprängskiss',
  no: 'Sprengskisse',
  da: 'Eksploderet tegning',
  fi: 'Räjäytyskuva',
  nl: 'Explosietekening',
};
/** A diagram holds at most this many positions; more parts go on a second one. */
const PER_DIAGRAM = 30;

/** Model number shapes per brand as printed on rating plates: L letter, D digit, anything else literal. */
const MODEL_SHAPES: Record<string, string[]> = {
  Bosch: ['LLLDDLLDDE', 'LLLDDLDDLE'],
  Siemens: ['LLDDLLDDE', 'LLDDDLDDLE'],
  Electrolux: ['LLLDDDDLLL', 'LLLDDDDLL'],
  AEG: ['LDDDDDLLL', 'LLLDDDDLLL'],
  Zanussi: ['LLLDDDDLL'],
  Miele: ['L DDDD LL', 'LL DDDD'],
  Whirlpool: ['LLL DDDD LL', 'LLLL DDDD'],
  Indesit: ['LLLL DDDDD', 'LLL DDD'],
  Samsung: ['LLDDLDDDLLL', 'LLDDLDDDDLL'],
  LG: ['LDLLDDDLDL', 'LLDLLDDDL'],
  Husqvarna: ['LL DDDL', 'LLL DDD'],
  Stihl: ['LL DDD', 'LLL DDD'],
  Kärcher: ['L D.DDD', 'LL D.DDD'],
  Dyson: ['LDD', 'LLDD'],
  Philips: ['LLDDDD/DD', 'LLDDDD'],
  Braun: ['DDDDL', 'LLL DDDD'],
};
/** Part number shapes per brand family, for OEM numbers and the old numbers a part replaces. */
const PART_SHAPES: Record<string, string> = {
  Bosch: '00DDDDDD',
  Siemens: '00DDDDDD',
  Whirlpool: '481DDDDDD',
  Indesit: 'C000DDDDDD',
  Electrolux: '1DDDDDDDDD',
  AEG: '1DDDDDDDDD',
  Zanussi: '1DDDDDDDDD',
  Miele: 'DDDDDDD',
  Samsung: 'DCDD-DDDDDL',
  LG: 'LLLDDDDDDDD',
};
/** Makers whose parts fit each other's appliances (shared platforms): preferred when choosing a model's parts. */
const FAMILIES = [
  ['Bosch', 'Siemens'],
  ['Electrolux', 'AEG', 'Zanussi'],
  ['Whirlpool', 'Indesit'],
  ['Candy', 'Hoover'],
];

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

function fill(shape: string, rand: () => number): string {
  return shape.replace(/[LD]/g, (c) => (c === 'L' ? LETTERS[Math.floor(rand() * LETTERS.length)] : String(Math.floor(rand() * 10))));
}

/**
 * A product's part numbers: its maker's own, often another maker's cross-reference, sometimes an old number it
 * replaces. The full demo draws them from its models stream; the streamed demo (demo-stream.ts) from each
 * product's own generator, so a million products get them in bounded memory.
 */
export function demoPartNumbers(
  brand: string,
  brands: readonly { name: string }[],
  rand: () => number,
): Pick<ProductDoc, 'oem_numbers' | 'cross_references' | 'replaces'> {
  const partNumber = (name: string) => fill(PART_SHAPES[name] ?? `${name.slice(0, 2).toUpperCase()}DDDDDD`, rand);
  const out: Pick<ProductDoc, 'oem_numbers' | 'cross_references' | 'replaces'> = {
    oem_numbers: [{ number: partNumber(brand), maker: brand }],
  };
  if (rand() < 0.5) {
    const others = brands.filter((b) => b.name !== brand);
    const other = others[Math.floor(rand() * others.length)]!.name;
    out.cross_references = [{ number: partNumber(other), maker: other }];
  }
  if (rand() < 0.15) out.replaces = [partNumber(brand)];
  return out;
}

export interface DemoModelsOptions {
  products: ProductDoc[];
  facts: ProductModelFacts[];
  brands: readonly { id: number; name: string }[];
  /** Appliance category ids with their part types in order (the product generator's appliances). */
  appliances: readonly { id: number; parts: readonly string[] }[];
  /** At least this many models (2,000 by default). */
  models: number;
  rand: () => number;
  /** Gives a product another model word (its name and description are rewritten). */
  renameModel: (index: number, model: string) => void;
}

export function demoModels(o: DemoModelsOptions): { models: ModelDoc[]; diagrams: DiagramDoc[] } {
  const { rand } = o;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const brandName = new Map(o.brands.map((b) => [b.id, b.name]));
  const familyOf = (name: string) => FAMILIES.find((f) => f.includes(name)) ?? [name];

  // The models products' names mention: a number belongs to one appliance of its brand, so a clash is renamed.
  const byKey = new Map<string, { id: number; brandId: number; applianceId: number; number: string; own: number[] }>();
  const models: { id: number; brandId: number; applianceId: number; number: string; own: number[] }[] = [];
  o.facts.forEach((fact, index) => {
    let number = fact.model;
    for (let k = 0; ; k++) {
      const found = byKey.get(`${fact.brandId}:${normalizeNumber(number)}`);
      if (!found || found.applianceId === fact.applianceId) break;
      number = `${fact.model}${LETTERS[k % LETTERS.length]}${k >= LETTERS.length ? k : ''}`;
    }
    if (number !== fact.model) {
      o.renameModel(index, number);
      fact.model = number;
    }
    const key = `${fact.brandId}:${normalizeNumber(number)}`;
    let model = byKey.get(key);
    if (!model) {
      model = { id: models.length + 1, brandId: fact.brandId, applianceId: fact.applianceId, number, own: [] };
      byKey.set(key, model);
      models.push(model);
    }
    model.own.push(index);
  });
  // Generated models up to the wanted count, in the shapes their makers print.
  const stocked = o.appliances.filter((a) => o.facts.some((f) => f.applianceId === a.id));
  while (models.length < o.models && stocked.length > 0) {
    const brand = pick(o.brands);
    const number = fill(pick(MODEL_SHAPES[brand.name] ?? [`${brand.name.slice(0, 2).toUpperCase()}DDDDL`]), rand);
    const key = `${brand.id}:${normalizeNumber(number)}`;
    if (byKey.has(key) || normalizeNumber(number).length < 3) continue;
    const model = { id: models.length + 1, brandId: brand.id, applianceId: pick(stocked).id, number, own: [] };
    byKey.set(key, model);
    models.push(model);
  }

  // Candidate parts per appliance, the maker's family apart from the rest.
  const partsOfAppliance = new Map<number, number[]>();
  o.facts.forEach((f, i) => {
    const list = partsOfAppliance.get(f.applianceId) ?? [];
    list.push(i);
    partsOfAppliance.set(f.applianceId, list);
  });
  const familyKey = (brandId: number) => familyOf(brandName.get(brandId)!).join('+');
  const partsOfFamily = new Map<string, number[]>();
  o.facts.forEach((f, i) => {
    const key = `${f.applianceId}:${familyKey(f.brandId)}`;
    const list = partsOfFamily.get(key) ?? [];
    list.push(i);
    partsOfFamily.set(key, list);
  });
  // Drawings shared by every model with the same number of positions on a diagram.
  const drawings = new Map<number, DiagramDoc>();
  const drawingFor = (count: number) => {
    let d = drawings.get(count);
    if (!d) {
      d = { id: drawings.size + 1, ...drawDiagram(Array.from({ length: count }, (_, k) => String(k + 1))) };
      drawings.set(count, d);
    }
    return d;
  };

  const documents = models.map((m): ModelDoc => {
    const family = new Set(familyOf(brandName.get(m.brandId)!));
    const candidates = partsOfAppliance.get(m.applianceId) ?? [];
    const near = partsOfFamily.get(`${m.applianceId}:${familyKey(m.brandId)}`) ?? [];
    const wanted = Math.min(candidates.length, 10 + Math.floor(rand() * 51));
    const chosen = new Set<number>(m.own);
    // Random draws (a few tries per slot): the family's parts first, then any part for the appliance.
    for (const pool of [near, candidates]) {
      for (let tries = 0; pool.length > 0 && chosen.size < wanted && tries < wanted * 4; tries++)
        chosen.add(pool[Math.floor(rand() * pool.length)]);
    }
    for (const i of candidates) {
      if (chosen.size >= wanted) break;
      chosen.add(i);
    }
    const parts = [...chosen].sort((a, b) => o.facts[a].partOrder - o.facts[b].partOrder || a - b);
    const diagramCount = Math.ceil(parts.length / PER_DIAGRAM);
    const perDiagram = Math.ceil(parts.length / Math.max(diagramCount, 1));
    // Positions restart on each diagram, as in a service manual.
    const placed = parts.map((i, k) => ({ i, diagram: 1 + Math.floor(k / perDiagram), position: String((k % perDiagram) + 1) }));
    const diagrams = Array.from({ length: diagramCount }, (_, d) => {
      const suffix = diagramCount > 1 ? ` ${d + 1}/${diagramCount}` : '';
      const positions = placed.filter((p) => p.diagram === d + 1);
      return {
        no: d + 1,
        diagram_id: drawingFor(positions.length).id,
        title: Object.fromEntries(Object.entries(DIAGRAM_TITLES).map(([l, t]) => [l, `${t}${suffix}`])),
      };
    });
    const from = 2004 + Math.floor(rand() * 20);
    const seriesAlias = rand() < 0.5 ? [`${m.number}/${10 + Math.floor(rand() * 90)}`] : [];
    const pncAlias = family.has('Electrolux') && rand() < 0.6 ? [fill('DDD DDD DDD', rand)] : [];
    return {
      id: m.id,
      brand_id: m.brandId,
      number: m.number,
      aliases: [...seriesAlias, ...pncAlias],
      category_id: m.applianceId,
      years: rand() < 0.7 ? { from, to: rand() < 0.4 ? null : Math.min(2026, from + 2 + Math.floor(rand() * 8)) } : null,
      image: null,
      diagrams,
      parts: placed.map((p) => ({ sku: o.products[p.i].sku, positions: [{ diagram: p.diagram, position: p.position }] })),
    };
  });

  // Part numbers: the maker's own, often another maker's cross-reference, sometimes an old number replaced.
  o.products.forEach((p, i) => Object.assign(p, demoPartNumbers(brandName.get(o.facts[i].brandId)!, o.brands, rand)));
  // Supersession: most discontinued parts (past the fixed ones every stock status starts with) are replaced by
  // one still sold for the same appliance and part type; a few parts sold now already have a successor.
  o.products.forEach((p, i) => {
    if (i < 40 || p.replaced_by) return;
    const ended = p.stock_status === 'discontinued';
    if (!(ended ? rand() < 0.7 : rand() < 0.01)) return;
    const successors = (partsOfAppliance.get(o.facts[i].applianceId) ?? []).filter(
      (j) => j > i && o.facts[j].partKey === o.facts[i].partKey && o.products[j].orderable && !o.products[j].replaced_by,
    );
    if (successors.length > 0) p.replaced_by = o.products[pick(successors)].sku;
  });
  return { models: documents, diagrams: [...drawings.values()] };
}
