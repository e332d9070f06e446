/** Model and part numbers as typed from a rating plate (src/lib/catalogue/model-number.ts). */
import { describe, expect, it } from 'vitest';
import { normalizeNumber, numberMatchRank, numberMatches } from '#lib/catalogue/model-number.ts';

describe('model and part numbers', () => {
  it('folds case, spaces, dashes, dots, slashes and full-width characters into one form', () => {
    for (const typed of ['SMS46GI01E', 'sms46gi01e', 'SMS 46GI01E', 'SMS-46.GI01E', ' sms/46_gi01e ', 'ＳＭＳ４６ＧＩ０１Ｅ'])
      expect(normalizeNumber(typed), typed).toBe('SMS46GI01E');
    expect(normalizeNumber('481 236 058')).toBe('481236058');
  });

  it('matches a fragment of at least three characters anywhere, and ranks whole, prefix and inner matches', () => {
    expect(numberMatches('46gi', 'SMS46GI01E')).toBe(true);
    expect(numberMatches('sm', 'SMS46GI01E')).toBe(false);
    expect(numberMatches('47GI', 'SMS46GI01E')).toBe(false);
    expect(numberMatchRank('sms 46gi01e', 'SMS46GI01E')).toBe(3);
    expect(numberMatchRank('SMS46', 'SMS46GI01E')).toBe(2);
    expect(numberMatchRank('gi01', 'SMS46GI01E')).toBe(1);
    expect(numberMatchRank('xyz', 'SMS46GI01E')).toBe(0);
  });
});
