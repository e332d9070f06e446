import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  experimentsAnswer,
  experimentsFile,
  ExperimentsConfigError,
  loadExperimentsConfig,
  parseExperimentsConfig,
} from '#server/experiments/experiment-config.ts';

const tmp = (text: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pf-experiments-')), 'experiments.json');
  fs.writeFileSync(file, text);
  return file;
};

describe('experiments configuration file', () => {
  it('defaults to config/experiments.json; PARTSFRONT_EXPERIMENTS_FILE names another', () => {
    expect(experimentsFile({})).toBe(path.resolve('config/experiments.json'));
    const file = tmp('{"experiments":{"stock_dates":{"variants":{"days_date_format":3,"default_format":1}}}}');
    const config = loadExperimentsConfig({ PARTSFRONT_EXPERIMENTS_FILE: file });
    expect(experimentsAnswer('nl', config).experiments).toEqual([
      {
        name: 'stock_dates',
        variants: [
          { name: 'days_date_format', weight: 3 },
          { name: 'default_format', weight: 1 },
        ],
      },
    ]);
  });

  it('a missing file runs nothing; a broken one is an error naming the file and field', () => {
    expect(loadExperimentsConfig({ PARTSFRONT_EXPERIMENTS_FILE: '/nonexistent/experiments.json' })).toEqual({ experiments: {} });
    const broken = tmp('{"experiments":{"accessories":{"variants":{"original":1,"fancy":1}}}}');
    expect(() => loadExperimentsConfig({ PARTSFRONT_EXPERIMENTS_FILE: broken })).toThrow(ExperimentsConfigError);
    expect(() => loadExperimentsConfig({ PARTSFRONT_EXPERIMENTS_FILE: broken })).toThrow(
      `${broken}: experiments.accessories.variants.fancy: unknown variant (one of original, upselling)`,
    );
    expect(() => parseExperimentsConfig('{', 'x.json')).toThrow(/^x\.json: not valid JSON/);
  });

  it('the version follows the running set and weights, not the order of paused ones', () => {
    const a = parseExperimentsConfig('{"experiments":{"accessories":{"variants":{"original":1,"upselling":1}}}}');
    const b = parseExperimentsConfig(
      '{"experiments":{"accessories":{"variants":{"original":1,"upselling":1}},"stock_dates":{"running":false,"variants":{"default_format":1}}}}',
    );
    const c = parseExperimentsConfig('{"experiments":{"accessories":{"variants":{"original":1,"upselling":2}}}}');
    expect(experimentsAnswer('sv', a).version).toBe(experimentsAnswer('sv', b).version);
    expect(experimentsAnswer('sv', a).version).not.toBe(experimentsAnswer('sv', c).version);
  });
});
