import { describe, expect, it } from 'vitest';
import { packTerms } from '#server/search/term-table.ts';
import { packPostings, sinkTerm, takeTerm, type HitSink } from '#server/search/postings.ts';

describe('postings read into a hit sink', () => {
  let seed = 11;
  const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0), seed / 2 ** 32);

  it('keeps every document’s best weight as takeTerm with a best-weight take does, for any gaps and weight tables', () => {
    const docs = 300_000;
    for (const weightCount of [1, 2, 3, 7, 40]) {
      const weights = Float32Array.from({ length: weightCount }, (_, i) => Math.fround(0.5 + i * 0.37));
      // dense lists (one-byte postings), sparse ones (two to four bytes) and an empty one
      const lists = [0.9, 0.3, 0.01, 0.0001, 0].map((density) => {
        const list: [number, number][] = [];
        for (let d = 0; d < docs; d++) if (random() < density) list.push([d, weights[Math.floor(random() * weightCount)]]);
        return list;
      });
      const p = packPostings(packTerms(['a', 'b', 'c', 'd', 'e']), lists.length, weights, (i, emit) =>
        lists[i].forEach(([d, w]) => emit(d, w)),
      );
      const sink: HitSink = { best: new Float32Array(docs), touched: new Int32Array(docs), count: 0 };
      const best = new Float32Array(docs);
      const touched: number[] = [];
      const factors = [
        [1, 0],
        [0.6, 0],
        [0.7, 2],
      ];
      for (let t = 0; t < lists.length; t++) {
        const [factor, bonus] = factors[t % factors.length];
        sinkTerm(p, t, factor, bonus, sink);
        takeTerm(p, t, factor, bonus, (d, w) => {
          if (best[d] === 0) touched.push(d);
          if (w > best[d]) best[d] = w;
        });
      }
      expect(sink.count).toBe(touched.length);
      expect(Array.from(sink.touched.subarray(0, sink.count))).toEqual(touched);
      expect(sink.best).toEqual(best);
    }
  });
});
