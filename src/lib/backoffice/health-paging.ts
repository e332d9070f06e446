/**
 * The queue pages' params (docs/product/back-office-data.md#queues): a state filter out of a fixed list and a
 * page, checked like the order list's (one message per bad param).
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, type FilterProblem } from './order-filter.ts';

export interface QueueFilter<S extends string> {
  states: S[];
  page: number;
  size: number;
}

export function parseQueueFilter<S extends string>(
  params: URLSearchParams,
  states: readonly [S, ...S[]],
): { ok: true; filter: QueueFilter<S> } | { ok: false; problems: FilterProblem[] } {
  const whole = (min: number, max: number) =>
    z
      .string()
      .regex(/^\d{1,6}$/, 'a whole number')
      .transform(Number)
      .pipe(z.number().min(min, `at least ${min}`).max(max, `at most ${max}`));
  const schema = z.object({
    state: z.array(z.enum(states, `one of ${states.join(', ')}`)),
    page: whole(1, MAX_PAGE).optional(),
    size: whole(1, MAX_PAGE_SIZE).optional(),
  });
  const value = (k: string) => params.get(k)?.trim() || undefined;
  const parsed = schema.safeParse({
    state: [...new Set(params.getAll('state').filter((s) => s.trim() !== ''))],
    page: value('page'),
    size: value('size'),
  });
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.map((i) => ({ param: String(i.path[0] ?? ''), message: i.message })) };
  return {
    ok: true,
    filter: { states: parsed.data.state as S[], page: parsed.data.page ?? 1, size: parsed.data.size ?? DEFAULT_PAGE_SIZE },
  };
}

/** Products at or below this many units in stock are on the low-stock list (in-stock parts only). */
export const LOW_STOCK_THRESHOLD = 3;

/** The outbox states a page filters on (a message 'sending' counts as queued for staff). */
export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'outbox', 'failed', 'skipped'] as const;
