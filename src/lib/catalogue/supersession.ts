/**
 * Supersession chains of part numbers (issue 25): a maker replaces a part number by another ("481236058 is
 * replaced by 481010595"), sometimes several times. A shopper with the oldest number must reach the part sold now.
 * Pure: the chain is a map old → new of normalized numbers (src/lib/catalogue/model-number.ts).
 */

export type Supersession = { current: string; chain: string[] } | { cycle: string[] };

/**
 * Follows `number` through `replacedBy` to the number that replaces no longer: the current one and the chain walked
 * (the asked number first). A chain that comes back to a number it passed is a data error, answered as the cycle.
 */
export function resolveSupersession(number: string, replacedBy: ReadonlyMap<string, string>): Supersession {
  const chain = [number];
  const seen = new Set(chain);
  let at = number;
  for (;;) {
    const next = replacedBy.get(at);
    if (next === undefined) return { current: at, chain };
    if (seen.has(next)) return { cycle: [...chain, next] };
    chain.push(next);
    seen.add(next);
    at = next;
  }
}

/** The cycles in a whole table (an import refuses a file with any), each once, in the order found. */
export function supersessionCycles(replacedBy: ReadonlyMap<string, string>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  for (const start of replacedBy.keys()) {
    if (done.has(start)) continue;
    const r = resolveSupersession(start, replacedBy);
    const walked = 'cycle' in r ? r.cycle : r.chain;
    walked.forEach((n) => done.add(n));
    if ('cycle' in r) {
      const loopStart = r.cycle.indexOf(r.cycle.at(-1)!);
      cycles.push(r.cycle.slice(loopStart));
    }
  }
  return cycles;
}
