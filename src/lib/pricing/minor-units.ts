/**
 * Money as integer minor units (öre, øre, cent). The minor unit is 1/100 for all five storefronts:
 * SEK/NOK/DKK are *shown* without decimals, but the order path keeps öre/øre so that VAT, discounts
 * and refunds add up exactly.
 *
 * Rounding a total to whole crowns is display only (the price display code does it) and is never
 * done here: what we charge and what the VAT report says are the exact minor units.
 *
 * Rounding rule for every division here: half away from zero (2.5 → 3, −2.5 → −3), integer math only.
 */

/** An integer amount of öre/øre/cent. */
export type Minor = number;

export type MinorParseResult =
  { ok: true; minor: Minor } | { ok: false; reason: 'not_finite' | 'format' | 'too_many_decimals' | 'out_of_range' };

// A double holding e.g. 19.99 times 100 is 1998.9999999999998: accept that much float noise, no more.
const FLOAT_NOISE_MINOR = 1e-4;
// Above this (1e9 units) a double can no longer carry 2 decimals reliably; pass a string instead.
const MAX_MINOR_FROM_NUMBER = 1e11;
const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Parses a catalogue amount (number with ≤ 2 decimals, or a decimal string like pg's "19.9900"). */
export function parseMinorUnits(value: number | string): MinorParseResult {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, reason: 'not_finite' };
    const scaled = value * 100;
    const minor = Math.round(scaled);
    if (Math.abs(minor) > MAX_MINOR_FROM_NUMBER) return { ok: false, reason: 'out_of_range' };
    if (Math.abs(scaled - minor) > FLOAT_NOISE_MINOR) return { ok: false, reason: 'too_many_decimals' };
    return { ok: true, minor: minor + 0 }; // + 0 turns −0 into 0
  }
  const match = DECIMAL.exec(value.trim());
  if (!match) return { ok: false, reason: 'format' };
  const [, sign, whole, fraction = ''] = match;
  // Trailing zeros beyond 2 decimals are exact ("19.9900"); anything else would need rounding.
  if (/[^0]/.test(fraction.slice(2))) return { ok: false, reason: 'too_many_decimals' };
  const magnitude = BigInt(whole!) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  const minor = sign === '-' ? -magnitude : magnitude;
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < BigInt(Number.MIN_SAFE_INTEGER)) {
    return { ok: false, reason: 'out_of_range' };
  }
  return { ok: true, minor: Number(minor) };
}

/** Like parseMinorUnits, but throws a RangeError: for data that must already be valid. */
export function toMinorUnits(value: number | string): Minor {
  const result = parseMinorUnits(value);
  if (!result.ok) throw new RangeError(`Not a money amount with at most 2 decimals (${result.reason}): ${String(value)}`);
  return result.minor;
}

/** 1999 → "19.99", −5 → "-0.05". A plain machine format; localised display lives elsewhere. */
export function formatMinorUnits(minor: Minor): string {
  assertMinor(minor, 'amount');
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Unit price × quantity (quantity a non-negative integer). */
export function multiplyMinor(unitMinor: Minor, quantity: number): Minor {
  assertMinor(unitMinor, 'unit price');
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Quantity must be a non-negative integer: ${quantity}`);
  return toSafeNumber(BigInt(unitMinor) * BigInt(quantity));
}

/** `percent` % of an amount (percent with ≤ 2 decimals, e.g. 12.5), rounded half away from zero. */
export function percentOfMinor(amountMinor: Minor, percent: number): Minor {
  assertMinor(amountMinor, 'amount');
  return toSafeNumber(divideRounded(BigInt(amountMinor) * BigInt(toHundredths(percent)), 10_000n));
}

/** VAT contained in a gross (VAT-inclusive) amount: gross × rate / (100 + rate), rounded half up. */
export function vatFromGrossMinor(grossMinor: Minor, ratePercent: number): Minor {
  assertMinor(grossMinor, 'gross amount');
  const rate = BigInt(vatRateHundredths(ratePercent));
  return toSafeNumber(divideRounded(BigInt(grossMinor) * rate, 10_000n + rate));
}

/** Net = gross − contained VAT, so net + VAT is always exactly the gross. */
export function netFromGrossMinor(grossMinor: Minor, ratePercent: number): Minor {
  return grossMinor - vatFromGrossMinor(grossMinor, ratePercent);
}

/**
 * Splits `totalMinor` over parts proportionally to integer `weights` (largest-remainder method):
 * every part is its exact share rounded down, and the units left over go to the largest remainders
 * (ties: the earlier part). The parts always sum exactly to the total; a negative total is split as
 * its absolute value and negated. All-zero weights split evenly.
 */
export function allocate(totalMinor: Minor, weights: readonly number[]): Minor[] {
  assertMinor(totalMinor, 'total');
  if (weights.length === 0) throw new RangeError('allocate needs at least one weight');
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`Weights must be non-negative integers: ${w}`);
  }
  const effective = weights.every((w) => w === 0) ? weights.map(() => 1n) : weights.map((w) => BigInt(w));
  const sum = effective.reduce((a, b) => a + b, 0n);
  const total = BigInt(Math.abs(totalMinor));
  const shares = effective.map((w, index) => ({ index, floor: (total * w) / sum, remainder: (total * w) % sum }));
  let left = total - shares.reduce((a, s) => a + s.floor, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.floor += 1n;
    left -= 1n;
  }
  return shares.map((s) => (totalMinor < 0 ? -Number(s.floor) : Number(s.floor)) + 0);
}

/** Integer division rounded half away from zero (denominator > 0). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** A VAT rate in percent (0–100, ≤ 2 decimals) as hundredths of a percent: 25.5 → 2550. */
export function vatRateHundredths(ratePercent: number): number {
  const hundredths = toHundredths(ratePercent);
  if (hundredths < 0 || hundredths > 10_000) throw new RangeError(`VAT rate out of range: ${ratePercent}`);
  return hundredths;
}

function toHundredths(value: number): number {
  const result = parseMinorUnits(value);
  if (!result.ok) throw new RangeError(`Not a percentage with at most 2 decimals: ${value}`);
  return result.minor;
}

function assertMinor(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`The ${name} must be an integer number of minor units: ${value}`);
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount exceeds the safe integer range: ${value}`);
  }
  return Number(value) + 0;
}
