/**
 * The k smallest of a stream of distinct numeric keys in one pass (pure; docs/adr/0030-search-at-scale.md#throughput):
 * a max-heap of k keys whose root is the largest kept, so a key that cannot be among the k smallest costs one
 * comparison. A page of search results needs its 24 best of up to a million matches: this replaces building a key
 * array of every match and partitioning it.
 */

/**
 * Offers a key to the heap heap[0 .. size) (at most heap.length keys, the k smallest so far): returns the new size.
 * Keys must be distinct (a key equal to the root is not kept).
 */
export function offerSmallest(heap: Float64Array, size: number, key: number): number {
  if (size < heap.length) {
    // sift up from the end
    let i = size;
    while (i > 0) {
      const parent = (i - 1) >>> 1;
      if (heap[parent] >= key) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = key;
    return size + 1;
  }
  if (size === 0 || key >= heap[0]) return size;
  // replace the root (the largest kept) and sift down
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= size) break;
    const right = left + 1;
    const larger = right < size && heap[right] > heap[left] ? right : left;
    if (heap[larger] <= key) break;
    heap[i] = heap[larger];
    i = larger;
  }
  heap[i] = key;
  return size;
}

/** The k smallest of `keys`, ascending (a convenience over offerSmallest; the hot loop calls that itself). */
export function smallestKeys(keys: ArrayLike<number>, k: number): Float64Array {
  const heap = new Float64Array(Math.max(0, Math.min(k, keys.length)));
  let size = 0;
  for (let i = 0; i < keys.length; i++) size = offerSmallest(heap, size, keys[i]);
  return heap.subarray(0, size).sort();
}
