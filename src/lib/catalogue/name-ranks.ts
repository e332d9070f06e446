/**
 * The name rank of every product: its place in the storefront's collation, ties by the order given
 * (docs/adr/0032-listing-columns.md: a listing position is the name rank). The ranks are exactly those of one sort
 * with `collator.compare(a, b) || indexA - indexB` — a total order, so any correct sort gives the same — which is what
 * lets both functions here be fast in their own way. Pure.
 */

/**
 * At once (the build, the search index step, model pages): sorting by code units first (cheap) leaves the list nearly
 * in collation order (catalogue names differ mostly in ASCII), so the collator's sort mostly confirms runs instead of
 * comparing n log n times — about half the time at 1,000,000 names (docs/adr/0029-streamed-catalogue-import.md).
 */
export function rankNames(names: readonly string[], locale: string): Int32Array {
  const collator = new Intl.Collator(locale);
  const order = Array.from(names.keys()).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : a - b));
  order.sort((a, b) => collator.compare(names[a], names[b]) || a - b);
  const rank = new Int32Array(names.length);
  order.forEach((idx, r) => (rank[idx] = r));
  return rank;
}

/**
 * In the server (the listing index's load): sorting a million names with Intl.Collator takes seconds, which the
 * server cannot spend in one stretch, so this merge sort pauses every `slice` comparisons (`pause` lets requests
 * through).
 */

/** Names sorted per run before merging (a comparator sort of this many is a few milliseconds). */
const RUN = 1024;

export async function rankNamesPausing(
  names: readonly string[],
  locale: string,
  pause: () => Promise<void>,
  slice = 5000,
): Promise<Int32Array> {
  const collator = new Intl.Collator(locale);
  const before = (a: number, b: number) => collator.compare(names[a], names[b]) || a - b;
  const n = names.length;
  let from = new Int32Array(n);
  let to = new Int32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  let work = 0;
  const spent = async (comparisons: number) => {
    work += comparisons;
    if (work >= slice) {
      work = 0;
      await pause();
    }
  };
  for (let start = 0; start < n; start += RUN) {
    const run = from.subarray(start, Math.min(n, start + RUN));
    run.sort(before);
    await spent(run.length * 10);
  }
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      // runs already in order (names often come nearly sorted) are copied without merging
      if (j < hi && before(from[mid - 1], from[mid]) > 0) {
        while (i < mid && j < hi) {
          to[k++] = before(from[i], from[j]) < 0 ? from[i++] : from[j++];
          if (++work >= slice) await spent(0);
        }
      }
      while (i < mid) to[k++] = from[i++];
      while (j < hi) to[k++] = from[j++];
    }
    [from, to] = [to, from];
  }
  const rank = to; // reused
  for (let r = 0; r < n; r++) rank[from[r]] = r;
  return rank;
}
