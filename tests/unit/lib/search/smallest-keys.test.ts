import { describe, expect, it } from 'vitest';
import { offerSmallest, smallestKeys } from '#lib/search/smallest-keys.ts';

describe('the k smallest keys in one pass', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0), seed / 2 ** 32);

  it('equals sorting every key and taking the first k, for any k and key order', () => {
    for (const n of [0, 1, 2, 3, 10, 100, 1000]) {
      const all = Array.from(new Set(Array.from({ length: n }, () => Math.floor(random() * 1e9))));
      const sorted = [...all].sort((a, b) => a - b);
      for (const order of [all, sorted, [...sorted].reverse()])
        for (const k of [0, 1, 2, 24, Math.floor(all.length / 2), all.length - 1, all.length, all.length + 5]) {
          expect(Array.from(smallestKeys(order, k))).toEqual(sorted.slice(0, Math.max(0, k)));
        }
    }
  });

  it('ranks as match.ts packs its keys: higher score first, then the lower document (ties included)', () => {
    const key = (score: number, doc: number) => (1e6 - Math.round(score * 1000)) * 2 ** 21 + doc;
    // few distinct scores: most keys tie on the score and are told apart by the document
    const matches = Array.from({ length: 5000 }, (_, doc) => ({ doc, score: [1, 1.44, 2.4, 3][Math.floor(random() * 4)] }));
    const expected = [...matches].sort((a, b) => b.score - a.score || a.doc - b.doc).slice(0, 24);
    const got = Array.from(
      smallestKeys(
        matches.map((m) => key(m.score, m.doc)),
        24,
      ),
    ).map((k) => k % 2 ** 21);
    expect(got).toEqual(expected.map((m) => m.doc));
  });

  it('keeps a full heap unchanged when a key is not smaller than its largest', () => {
    const heap = new Float64Array(2);
    let size = 0;
    for (const k of [5, 3]) size = offerSmallest(heap, size, k);
    expect(offerSmallest(heap, size, 9)).toBe(2);
    expect(Array.from(heap).sort()).toEqual([3, 5]);
    expect(offerSmallest(heap, size, 1)).toBe(2);
    expect(Array.from(heap).sort()).toEqual([1, 3]);
  });
});
