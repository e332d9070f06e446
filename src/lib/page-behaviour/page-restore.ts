/**
 * A page restored from the back/forward cache (docs/product/client-state.md#backforward-cache) keeps the memory of
 * its scripts from the moment it was left; other pages of the tab may have changed the stored slices meanwhile.
 */

/**
 * A per-tab slice after a restore: the value storage holds now, or undefined when storage still holds what this
 * page last read or wrote (`seen`). A slice removed meanwhile is back to its default.
 */
export function restoredSlice<T>(
  stored: string | null,
  seen: string | null,
  decode: (s: string) => T,
  initial: T,
): { value: T } | undefined {
  if (stored === seen) return undefined;
  return { value: stored === null ? initial : decode(stored) };
}
