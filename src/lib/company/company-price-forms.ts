/**
 * The back office's company price forms (docs/product/company-prices.md#back-office), one `action` each, checked
 * before anything is done. Pure: a percent per discount category (0 removes it), a price-list line as an amount
 * in the company storefront's currency incl. VAT ("1 234,50"), removing a line.
 */
import { z } from 'zod';
import { parseMinorUnits } from '#lib/pricing/minor-units.ts';

/** Discount categories and SKUs as the catalogue spells them (letters, digits, - _ . /); the CSV price list's too. */
export const SKU_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u;

const code = (max: number) => z.string().trim().min(1).max(max).regex(SKU_PATTERN);

const compact = (v: string) => v.replace(/[\s\u00a0]/g, '').replace(',', '.');

/** "12", "12,5" → 12.5; 0–100 with at most two decimals (stored as hundredths). */
const percent = z
  .string()
  .trim()
  .min(1)
  .max(8)
  .transform((v, ctx) => {
    const s = compact(v);
    const n = /^\d{1,3}(\.\d{1,2})?$/.test(s) ? Number(s) : NaN;
    if (!(n >= 0 && n <= 100)) {
      ctx.addIssue({ code: 'custom', message: 'a percent from 0 to 100', path: [] });
      return z.NEVER;
    }
    return n;
  });

/** The highest net price taken: 10 million in the currency (an INTEGER column on both engines). */
const MAX_PRICE_MINOR = 1_000_000_000;

/** "199", "1 234,50" → minor units above zero; anything else null. Shared with the CSV price list. */
export function priceMinorOf(text: string): number | null {
  const r = parseMinorUnits(compact(text.trim()));
  return r.ok && r.minor > 0 && r.minor <= MAX_PRICE_MINOR ? r.minor : null;
}

const price = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .transform((v, ctx) => {
    const minor = priceMinorOf(v);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: 'an amount above zero', path: [] });
      return z.NEVER;
    }
    return minor;
  });

export const companyPriceFormSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('discount'), category: code(40), percent }),
  z.object({ action: z.literal('price'), sku: code(64), price }),
  z.object({ action: z.literal('remove_price'), sku: code(64) }),
]);
export type CompanyPriceForm = z.infer<typeof companyPriceFormSchema>;

/** The field a refusal names (the page says which one is wrong). */
export function badPriceField(error: z.ZodError): 'action' | 'category' | 'percent' | 'sku' | 'price' {
  const first = error.issues[0]?.path[0];
  return first === 'category' || first === 'percent' || first === 'sku' || first === 'price' ? first : 'action';
}
