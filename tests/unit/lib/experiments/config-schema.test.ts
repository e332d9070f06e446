import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { experimentsConfigSchema, runningFor } from '#lib/experiments/config-schema.ts';

describe('experiments configuration', () => {
  it('the shipped config/experiments.json is valid and runs accessories 50/50 everywhere', () => {
    const config = experimentsConfigSchema.parse(JSON.parse(fs.readFileSync('config/experiments.json', 'utf8')));
    expect(runningFor(config, 'fi')).toEqual([
      {
        name: 'accessories',
        variants: [
          { name: 'original', weight: 50 },
          { name: 'upselling', weight: 50 },
        ],
      },
    ]);
  });

  it('filters by running and storefront', () => {
    const config = experimentsConfigSchema.parse({
      experiments: {
        stock_dates: { variants: { days_date_format: 1, default_format: 1 }, locales: ['sv'] },
        items_bought_today: { running: false, variants: { shown: 1, hidden: 1 } },
      },
    });
    expect(runningFor(config, 'sv').map((e) => e.name)).toEqual(['stock_dates']);
    expect(runningFor(config, 'nl')).toEqual([]);
  });

  it('refuses unknown experiments, unknown variants, all-zero weights and unknown keys', () => {
    const bad = (experiments: unknown) => experimentsConfigSchema.safeParse({ experiments }).success;
    expect(bad({ colour: { variants: { red: 1 } } })).toBe(false);
    expect(bad({ accessories: { variants: { original: 1, fancy: 1 } } })).toBe(false);
    expect(bad({ accessories: { variants: { original: 0, upselling: 0 } } })).toBe(false);
    expect(bad({ accessories: { variants: { original: -1, upselling: 2 } } })).toBe(false);
    expect(bad({ accessories: { variants: { original: 1 }, locales: ['de'] } })).toBe(false);
    expect(experimentsConfigSchema.safeParse({ experiments: {}, extra: 1 }).success).toBe(false);
  });
});
