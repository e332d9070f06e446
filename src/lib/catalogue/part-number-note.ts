/**
 * The line a search hit found by a part number shows (docs/product/parts-finder.md#part-numbers): "ersätter 481236058",
 * "OEM 481236058", "motsvarar Whirlpool 481236058", or on a superseded product "ersatt av <successor>". Pure: the
 * dropdown island gets the templates as props (islands never load i18next), the results page from the translator.
 */

/** Templates with {number}, {maker} and {name} where the values go (part_numbers.* with those placeholders). */
export interface NoteTemplates {
  oem: string;
  cross: string;
  replaces: string;
  replacedBy: string;
}

export interface NotedHit {
  matched_number?: { kind: 'oem' | 'cross' | 'replaces' | 'sku'; number: string; maker: string | null } | null | undefined;
  replaced_by?: { name: string } | null | undefined;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(number|maker|name)\}/g, (_, k: string) => values[k] ?? '');

/** The note, or null: a superseded product names its successor; otherwise the number the query matched (not a plain sku). */
export function partNumberNote(t: NoteTemplates, hit: NotedHit): string | null {
  if (hit.replaced_by) return fill(t.replacedBy, { name: hit.replaced_by.name });
  const m = hit.matched_number;
  if (!m || m.kind === 'sku') return null;
  const template = m.kind === 'oem' ? t.oem : m.kind === 'cross' ? t.cross : t.replaces;
  return fill(template, { number: m.number, maker: m.maker ?? '' })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The templates of a storefront from its translator (part_numbers.*), placeholders left for partNumberNote. */
export function noteTemplates(t: (key: string, values: Record<string, string>) => string): NoteTemplates {
  const keep = { number: '{number}', maker: '{maker}', name: '{name}' };
  return {
    oem: t('part_numbers.oem', keep),
    cross: t('part_numbers.cross', keep),
    replaces: t('part_numbers.replaces', keep),
    replacedBy: t('part_numbers.replaced_by', keep),
  };
}
