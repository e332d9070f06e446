import { describe, expect, it } from 'vitest';
import { restoredSlice } from '#lib/page-behaviour/page-restore.ts';

const decode = (s: string) => JSON.parse(s) as { n: number };
const initial = { n: 0 };

describe('a per-tab slice when its page is restored from the back/forward cache', () => {
  it('is left alone while storage holds what the page last read or wrote', () => {
    expect(restoredSlice('{"n":1}', '{"n":1}', decode, initial)).toBeUndefined();
    expect(restoredSlice(null, null, decode, initial)).toBeUndefined();
  });
  it('takes what another page of the tab stored meanwhile', () => {
    expect(restoredSlice('{"n":2}', '{"n":1}', decode, initial)).toEqual({ value: { n: 2 } });
    expect(restoredSlice('{"n":2}', null, decode, initial)).toEqual({ value: { n: 2 } });
  });
  it('is back to its default when another page removed it', () => {
    expect(restoredSlice(null, '{"n":1}', decode, initial)).toEqual({ value: initial });
  });
});
