/**
 * The experiments configuration file (docs/product/experiments.md#configuration) and the running experiments a
 * storefront hands the browser (GET /api/experiments). Names and variants must be ones the code can show
 * (catalogue.ts); weights are relative (50/50, 1/3 …), a variant with weight 0 gets no new visitors.
 */
import { z } from 'zod';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { EXPERIMENTS, isExperimentName } from './catalogue.ts';
import type { RunningExperiment } from './running.ts';

const experimentConfigSchema = z.object({
  /** false pauses the experiment: nobody new is assigned, visitors get the control. */
  running: z.boolean().default(true),
  /** variant → weight */
  variants: z.record(z.string(), z.number().int().min(0).max(10_000)),
  /** The storefronts it runs on; all when left out. */
  locales: z.array(z.enum(LOCALE_CODES)).min(1).optional(),
});

export const experimentsConfigSchema = z
  .object({ experiments: z.record(z.string(), experimentConfigSchema) })
  .strict()
  .superRefine((config, ctx) => {
    for (const [name, e] of Object.entries(config.experiments)) {
      if (!isExperimentName(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['experiments', name],
          message: `unknown experiment (one of ${Object.keys(EXPERIMENTS).join(', ')})`,
        });
        continue;
      }
      const known: readonly string[] = EXPERIMENTS[name].variants;
      for (const v of Object.keys(e.variants))
        if (!known.includes(v))
          ctx.addIssue({
            code: 'custom',
            path: ['experiments', name, 'variants', v],
            message: `unknown variant (one of ${known.join(', ')})`,
          });
      if (Object.values(e.variants).filter((w) => w > 0).length === 0)
        ctx.addIssue({ code: 'custom', path: ['experiments', name, 'variants'], message: 'at least one variant needs a weight above 0' });
    }
  });
export type ExperimentsConfig = z.output<typeof experimentsConfigSchema>;

/** The experiments running on one storefront, in the file's order. */
export function runningFor(config: ExperimentsConfig, locale: string): RunningExperiment[] {
  return Object.entries(config.experiments)
    .filter(([, e]) => e.running && (!e.locales || (e.locales as readonly string[]).includes(locale)))
    .map(([name, e]) => ({ name, variants: Object.entries(e.variants).map(([v, weight]) => ({ name: v, weight })) }));
}
