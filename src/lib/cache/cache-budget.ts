/**
 * A cache budget from an environment value in MiB (docs/product/performance.md#caches): a positive number
 * (fractions allowed), else the default. A bad value falls back rather than failing the start: a budget is
 * tuning, not correctness.
 */
export function budgetBytes(mebibytes: string | undefined, defaultMiB: number): number {
  const mib = Number(mebibytes?.trim() || NaN);
  return Math.round((Number.isFinite(mib) && mib > 0 ? mib : defaultMiB) * 1024 * 1024);
}
