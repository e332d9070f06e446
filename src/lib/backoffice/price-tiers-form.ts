/**
 * The back office's price edit form (docs/product/back-office.md#catalogue-products): tiers typed as text, one
 * per line or separated by `;`, each `quantity: price` (price incl. VAT, `.` or `,` as decimal mark, at most 2
 * decimals). Campaign tiers get their original price `o` from the normal tier in effect at that quantity and their
 * percent `d` from it, so staff type only the campaign price. Pure.
 */
import type { CampaignTier, PriceObject, Tier } from '#lib/catalogue/types.ts';
import { parseMinorUnits, formatMinorUnits } from '#lib/pricing/minor-units.ts';
import { normalizeTiers, tierFor } from '#lib/pricing/tiers.ts';

/** Highest price per unit staff may type (major units): a typo guard, far above any part's price. */
export const MAX_UNIT_PRICE = 10_000_000;
const MAX_TIERS = 20;

export type TierFormError =
  'tiers_format' | 'tiers_need_one' | 'tiers_duplicate' | 'tiers_not_falling' | 'campaign_not_lower' | 'too_many_tiers';
export type PriceFormResult = { ok: true; prices: PriceObject } | { ok: false; error: TierFormError; line?: string };

const LINE = /^(\d{1,6})\s*[:=\s]\s*(\d{1,9}(?:[.,]\d{1,4})?)$/;

function parseTiers(text: string): { ok: true; tiers: Tier[] } | { ok: false; error: TierFormError; line?: string } {
  const lines = text
    .split(/[\n;]/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > MAX_TIERS) return { ok: false, error: 'too_many_tiers' };
  const tiers: Tier[] = [];
  for (const line of lines) {
    const m = LINE.exec(line);
    const q = m ? Number(m[1]) : 0;
    const parsed = m ? parseMinorUnits(m[2]!.replace(',', '.')) : undefined;
    if (!m || q < 1 || !parsed?.ok || parsed.minor > MAX_UNIT_PRICE * 100) return { ok: false, error: 'tiers_format', line };
    if (tiers.some((t) => t.q === q)) return { ok: false, error: 'tiers_duplicate', line };
    tiers.push({ q, p: parsed.minor / 100 });
  }
  const sorted = normalizeTiers(tiers);
  // a larger quantity must cost less per unit; the shop would drop such a tier silently (pricing-and-vat.md)
  if (sorted.length !== tiers.length) return { ok: false, error: 'tiers_not_falling' };
  return { ok: true, tiers: sorted };
}

/** The price object of the form's two fields; `campaign` empty means no campaign. */
export function parsePriceForm(normalText: string, campaignText: string): PriceFormResult {
  const normal = parseTiers(normalText);
  if (!normal.ok) return normal;
  if (!normal.tiers.some((t) => t.q === 1)) return { ok: false, error: 'tiers_need_one' };
  const campaign = parseTiers(campaignText);
  if (!campaign.ok) return campaign;
  if (campaign.tiers.length === 0) return { ok: true, prices: { n: normal.tiers } };
  if (!campaign.tiers.some((t) => t.q === 1)) return { ok: false, error: 'tiers_need_one' };
  const c: CampaignTier[] = [];
  for (const t of campaign.tiers) {
    const o = tierFor(normal.tiers, t.q)!.p;
    if (t.p >= o) return { ok: false, error: 'campaign_not_lower', line: `${t.q}: ${formatMinorUnits(Math.round(t.p * 100))}` };
    c.push({ q: t.q, p: t.p, o, d: Math.round((1 - t.p / o) * 100) });
  }
  return { ok: true, prices: { n: normal.tiers, c } };
}

/** Tiers back as the form's text (`1: 199.00; 5: 179.00`). */
export function tiersText(tiers: readonly Tier[] | undefined): string {
  return normalizeTiers(tiers ?? [])
    .map((t) => `${t.q}: ${formatMinorUnits(Math.round(t.p * 100))}`)
    .join('; ');
}

/** Two price objects name the same tiers and prices (a repeated confirm changes nothing). */
export function samePrices(a: PriceObject, b: PriceObject): boolean {
  const key = (p: PriceObject) => `${tiersText(p.n)}|${tiersText(p.c)}`;
  return key(a) === key(b);
}
