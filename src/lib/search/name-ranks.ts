/**
 * Each name's position in the storefront language's alphabetical order, ties by position in the list: the same
 * ranks as rankNames (src/server/catalogue/listing-source.ts), in about half the time at 1,000,000 names (the search
 * index step ranks every storefront's names: docs/adr/0029-streamed-catalogue-import.md).
 * The collator's order with the position as tie-break is a total order, so every sort gives the one same answer;
 * sorting first by code units (cheap) leaves the list nearly in collation order (catalogue names differ mostly in
 * ASCII), and the collator's sort then mostly confirms runs instead of comparing n log n times.
 */
export function nameRanks(names: readonly string[], locale: string): number[] {
  const collator = new Intl.Collator(locale);
  const order = Array.from(names.keys()).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : a - b));
  order.sort((a, b) => collator.compare(names[a], names[b]) || a - b);
  const rank = new Array<number>(names.length);
  order.forEach((idx, r) => (rank[idx] = r));
  return rank;
}
