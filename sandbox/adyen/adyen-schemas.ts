/** Request bodies the Adyen emulator accepts (Checkout API v71), validated like Adyen does. */
import { z } from 'zod';
import type { ApiAnswer } from '../shared/http-io.ts';
import { fieldError } from './adyen-errors.ts';
import { METHOD_TYPES } from './adyen-test-data.ts';

export const amountInput = z.object({ value: z.number().int().min(0), currency: z.string().regex(/^[A-Z]{3}$/) });

export const sessionInput = z.looseObject({
  merchantAccount: z.string().min(1),
  amount: amountInput,
  reference: z.string().min(1).max(80),
  returnUrl: z
    .string()
    .min(1)
    .max(8000)
    .refine((u) => URL.canParse(u), 'not a URL'),
  mode: z.enum(['embedded', 'hosted']).default('embedded'),
  // Unknown types are refused: the sandbox can only render the ones it emulates.
  allowedPaymentMethods: z.array(z.enum(METHOD_TYPES)).optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  shopperLocale: z.string().optional(),
  additionalData: z.record(z.string(), z.string()).optional(),
});
export type SessionInput = z.infer<typeof sessionInput>;

export const captureOrRefundInput = z.looseObject({
  merchantAccount: z.string().min(1),
  amount: amountInput,
  reference: z.string().max(80).optional(),
});

export const cancelInput = z.looseObject({ merchantAccount: z.string().min(1), reference: z.string().max(80).optional() });

/** Validates a body; the first problem becomes Adyen's error answer. */
export function validate<T>(schema: z.ZodType<T>, body: unknown): { ok: true; value: T } | { ok: false; answer: ApiAnswer } {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, answer: fieldError(issue.path, valueAt(body, issue.path) === undefined) };
}

function valueAt(body: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
