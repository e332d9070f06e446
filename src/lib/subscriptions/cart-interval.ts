/**
 * A cart line's subscription interval against what its product offers (docs/product/subscriptions.md#in-the-cart),
 * pure. The line names the interval by `months` (a client that only kept the name is matched by the
 * storefront's name for it); an interval the product does not offer is refused, never turned into a
 * one-off purchase the shopper did not ask for.
 */
export interface RequestedInterval {
  name: string;
  months?: number | undefined;
}
export interface LineInterval {
  name: string;
  months: number;
}

export type IntervalResolution = { ok: true; interval: LineInterval | null } | { ok: false };

export function resolveInterval(
  requested: RequestedInterval | null | undefined,
  offered: readonly number[],
  nameOf: (months: number) => string,
): IntervalResolution {
  if (!requested) return { ok: true, interval: null };
  const months = requested.months ?? offered.find((m) => nameOf(m) === requested.name.trim());
  if (months === undefined || !offered.includes(months)) return { ok: false };
  return { ok: true, interval: { name: nameOf(months), months } };
}

/** Lines merge only when both are one-off or both renew at the same interval. */
export function sameInterval(
  a: { months?: number | undefined } | null | undefined,
  b: { months?: number | undefined } | null | undefined,
): boolean {
  return (a?.months ?? null) === (b?.months ?? null);
}
