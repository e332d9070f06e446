/**
 * The lists page's forms (docs/product/lists.md#the-page), one `action` each, checked before anything is done. The
 * cart's lines come from the browser as `sku:qty;sku:qty` (what an atc link carries, unencoded); the server prices
 * and checks them again when they are used. Pure.
 */
import { z } from 'zod';
import { LIST_LIMITS } from './list-access.ts';

const listId = z.string().regex(/^[0-9a-f-]{36}$/);
const name = z.string().trim().min(1).max(LIST_LIMITS.nameLength);
const quantity = z.coerce.number().int().min(1).max(LIST_LIMITS.maxQuantity);
const note = z.string().trim().max(LIST_LIMITS.noteLength).optional().default('');
const sku = z.string().trim().min(1).max(64);

/** "sku:qty;sku:qty" → lines; anything else refuses the whole field. */
export const cartLinesField = z
  .string()
  .max(100_000)
  .transform((v, ctx) => {
    const out: { sku: string; quantity: number }[] = [];
    for (const pair of v.split(';').filter((p) => p.trim())) {
      const [s, q] = pair.split(':');
      const line = z.object({ sku, quantity }).safeParse({ sku: s, quantity: q });
      if (!line.success) {
        ctx.addIssue({ code: 'custom', message: 'not a cart line', path: ['cart'] });
        return z.NEVER;
      }
      out.push(line.data);
    }
    if (out.length === 0 || out.length > LIST_LIMITS.linesPerList) {
      ctx.addIssue({ code: 'custom', message: out.length ? 'too many lines' : 'the cart is empty', path: ['cart'] });
      return z.NEVER;
    }
    return out;
  });

export const listFormSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), name }),
  z.object({ action: z.literal('rename'), list: listId, name }),
  z.object({ action: z.literal('delete'), list: listId }),
  z.object({ action: z.literal('add_line'), list: listId, number: z.string().trim().min(1).max(100), quantity, note }),
  z.object({ action: z.literal('change_line'), list: listId, sku, quantity, note }),
  z.object({ action: z.literal('remove_line'), list: listId, sku }),
  z.object({ action: z.literal('add_cart'), list: listId, cart: cartLinesField }),
  z.object({ action: z.literal('save_cart'), cart: cartLinesField }),
  z.object({ action: z.literal('delete_saved_cart') }),
]);
export type ListForm = z.infer<typeof listFormSchema>;
export type ListLineInput = { sku: string; quantity: number; note?: string };
