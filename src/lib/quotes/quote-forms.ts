/**
 * The quote forms (docs/product/quotes.md): the buyer's on /my-account/quotes (ask on the cart's lines, accept), and
 * staff's answer on the back office's quote page (a price per line in the storefront's currency incl. VAT, a last
 * day, a text; or decline). Checked before anything is done. Pure.
 */
import { z } from 'zod';
import { cartLineInputSchema } from '#lib/api/cart-contracts.ts';
import { parseMinorUnits } from '#lib/pricing/minor-units.ts';
import { QUOTE_MAX_LINES, QUOTE_TEXT_MAX } from './quote-rules.ts';

export const QUOTE_ID = /^Q-[\w-]{1,40}$/;
const quoteId = z.string().trim().regex(QUOTE_ID);
const text = z.string().trim().max(QUOTE_TEXT_MAX).optional().default('');

/** The cart's lines as the page's script puts them in the hidden field: JSON of { sku, quantity }. */
const cartLines = z
  .string()
  .max(100_000)
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON', path: ['lines'] });
      return z.NEVER;
    }
  })
  .pipe(z.array(cartLineInputSchema).max(QUOTE_MAX_LINES));

export const quoteFormSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ask'), lines: cartLines, comment: text }),
  z.object({ action: z.literal('accept'), quote_id: quoteId }),
]);
export type QuoteForm = z.infer<typeof quoteFormSchema>;

/** "800", "1 200,50" → minor units. */
const amount = z
  .string()
  .trim()
  .max(20)
  .transform((v, ctx) => {
    const r = parseMinorUnits(v.replace(/[\s\u00a0]/g, '').replace(',', '.'));
    if (!r.ok || r.minor < 0) {
      ctx.addIssue({ code: 'custom', message: 'not an amount', path: ['price'] });
      return z.NEVER;
    }
    return r.minor;
  });

/** Staff's answer: `price` once per line, in the lines' order. */
export const staffQuoteFormSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('answer'),
    price: z.array(amount).min(1).max(QUOTE_MAX_LINES),
    valid_until: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/),
    answer_text: text,
  }),
  z.object({ action: z.literal('decline'), answer_text: text }),
]);
export type StaffQuoteForm = z.infer<typeof staffQuoteFormSchema>;
