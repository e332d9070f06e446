/** Content calls: current deal, layout widgets, translation strings (docs/product/api.md). */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------
// GET /api/current-deal (200 with a Deal, or 204 when no deal is running)

export const dealSchema = z.object({
  title: z.string(),
  product_name: z.string(),
  product_slug: z.string(),
  discount: z.number(),
  starts_at: z.string(),
  expires_at: z.string(),
  /**
   * The deal product's announced reduction (docs/adr/0022-prior-price.md): prior price incl. VAT in minor units, VAT
   * percent, percent off the prior price; null: no reduction may be announced (the banner shows no percent).
   */
  reduction: z.object({ prior_minor: z.number().int(), vat: z.number(), percent: z.number() }).nullable().optional(),
});
export type Deal = z.infer<typeof dealSchema>;
// ---------------------------------------------------------------------------------------------------
// GET /api/widget-by-slug/{slug}

export const WIDGET_SLUGS = [
  'cookie-alert',
  'cart-footer',
  'cart-header',
  'footer-columns',
  'store-message',
  'store-message-footer',
] as const;
export type WidgetSlug = (typeof WIDGET_SLUGS)[number];
export const widgetSlugSchema = z.enum(WIDGET_SLUGS);

/** Widget (docs/product/layout.md#widgets). `content` is sanitized HTML; message/messageHidden are kept for the store message. */
export const widgetSchema = z.object({
  content: z.string(),
  hidden: z.boolean(),
  message: z.string().optional(),
  messageHidden: z.boolean().optional(),
});
export type Widget = z.infer<typeof widgetSchema>;
// ---------------------------------------------------------------------------------------------------
// GET /api/strings → nested translation strings (src/locales/{locale}.json merged with DB overrides)

export type Strings = { [key: string]: string | string[] | Strings };
