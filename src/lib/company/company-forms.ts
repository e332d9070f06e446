/**
 * The company page's forms (docs/product/company-accounts.md#the-page), one `action` each, checked before anything
 * is done: lengths, roles, and the spending limit as an amount in the storefront's currency (empty: no limit). Pure.
 */
import { z } from 'zod';
import { parseMinorUnits } from '#lib/pricing/minor-units.ts';
import { COMPANY_ROLES } from './company-roles.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const optional = (max: number) => z.string().trim().max(max).optional().default('');
/** "5000", "5 000", "5000,50" → minor units; "" → null (no limit). */
const limit = z
  .string()
  .trim()
  .max(20)
  .optional()
  .default('')
  .transform((v, ctx) => {
    const compact = v.replace(/[\s\u00a0]/g, '').replace(',', '.');
    if (compact === '') return null;
    const r = parseMinorUnits(compact);
    if (!r.ok || r.minor < 0) {
      ctx.addIssue({ code: 'custom', message: 'not an amount', path: ['spending_limit'] });
      return z.NEVER;
    }
    return r.minor;
  });

const details = {
  name: text(200),
  vat_number: optional(32),
  peppol_id: optional(64),
  invoice_reference: optional(100),
  street: text(200),
  postal_code: text(16),
  city: text(100),
};

export const companyFormSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), organisation_number: text(32), ...details }),
  z.object({ action: z.literal('update'), ...details }),
  z.object({ action: z.literal('invite'), email: text(254), role: z.enum(COMPANY_ROLES), spending_limit: limit }),
  z.object({
    action: z.literal('change'),
    customer_id: z.coerce.number().int().positive(),
    role: z.enum(COMPANY_ROLES),
    spending_limit: limit,
  }),
  z.object({ action: z.literal('remove'), customer_id: z.coerce.number().int().positive() }),
  z.object({ action: z.literal('accept'), token: z.string().regex(/^[\w-]{20,100}$/) }),
  // an admin decides an order waiting above a buyer's limit (docs/adr/0034-company-order-approval.md)
  z.object({ action: z.literal('approve'), request_id: z.string().uuid() }),
  z.object({ action: z.literal('decline'), request_id: z.string().uuid(), reason: optional(500) }),
]);
export type CompanyForm = z.infer<typeof companyFormSchema>;
