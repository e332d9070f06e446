/**
 * The statistics of the experiment report (docs/adr/0015-experiments.md#decision): Wilson score interval for a
 * conversion rate and the pooled two-proportion z-test of a variant against the control. Pure, no I/O.
 */

/** z of a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;
export const ALPHA = 0.05;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval of `successes` out of `n`; [0, 0] with no trials. */
export function wilsonInterval(successes: number, n: number, z = Z_95): Interval {
  if (n <= 0) return { low: 0, high: 0 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * erfc with relative error below 1.2e-7 everywhere (Numerical Recipes' Chebyshev fit), enough for p-values
 * printed to four places.
 */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** P(Z ≤ z) for a standard normal Z. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

export interface ProportionTest {
  /** Variant rate minus control rate. */
  difference: number;
  z: number;
  /** Two-sided. */
  pValue: number;
  significant: boolean;
}

/**
 * Pooled two-proportion z-test of x1/n1 (variant) against x2/n2 (control). Undefined when a side has no
 * visitors or nobody (or everybody) converted on both sides: there is nothing to test.
 */
export function twoProportionTest(x1: number, n1: number, x2: number, n2: number, alpha = ALPHA): ProportionTest | undefined {
  if (n1 <= 0 || n2 <= 0) return undefined;
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (!(se > 0)) return undefined;
  const z = (p1 - p2) / se;
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { difference: p1 - p2, z, pValue, significant: pValue < alpha };
}
