/** POST /captuerr: client error reports (docs/product/api.md). */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------
// POST /captuerr (client errors; 204 on success)

export const CAPTUERR_LEVELS = ['error', 'warning', 'info'] as const;
export const captuerrRequestSchema = z.object({
  error: z.string().min(1).max(2000),
  level: z.enum(CAPTUERR_LEVELS).default('error'),
  stack: z.string().max(16_000).optional(),
  userAgent: z.string().max(512).optional(),
  url: z.string().max(2048).optional(),
});
export type CaptuerrRequest = z.input<typeof captuerrRequestSchema>;
