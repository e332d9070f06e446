/**
 * Deterministic assignment (docs/product/experiments.md#assignment): a visitor's bucket in an experiment is a
 * 32-bit hash of "<visitor id>:<experiment name>" mapped onto the variants' cumulative weights. The same visitor
 * and experiment always land in the same variant; different experiments hash independently. Pure, no I/O.
 */
import type { RunningExperiment } from './running.ts';

/** FNV-1a over the UTF-16 code units, then the murmur3 finaliser so nearby ids spread over the whole range. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) fixed for this visitor and experiment. */
export function bucketOf(visitorId: string, experiment: string): number {
  return hash32(`${visitorId}:${experiment}`) / 2 ** 32;
}

/** The variant whose share of the total weight covers `u`; variants with weight 0 are never chosen. */
export function weightedVariant(variants: readonly { name: string; weight: number }[], u: number): string | undefined {
  const total = variants.reduce((s, v) => s + Math.max(0, v.weight), 0);
  if (!(total > 0)) return undefined;
  let edge = 0;
  let last: string | undefined;
  for (const v of variants) {
    if (!(v.weight > 0)) continue;
    edge += v.weight / total;
    last = v.name;
    if (u < edge) return v.name;
  }
  return last; // rounding at the top edge
}

export function assignVariant(visitorId: string, experiment: RunningExperiment): string | undefined {
  return weightedVariant(experiment.variants, bucketOf(visitorId, experiment.name));
}

/**
 * The variants of every running experiment this visitor has none for yet; variants already held are kept
 * (an assignment is reused for the whole session, even if the weights change meanwhile).
 */
export function assignMissing(
  visitorId: string,
  running: readonly RunningExperiment[],
  held: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = { ...held };
  for (const e of running) {
    if (out[e.name]) continue;
    const v = assignVariant(visitorId, e);
    if (v) out[e.name] = v;
  }
  return out;
}

/** A random visitor id (no personal data: it names one browser tab's session, nothing else). */
export function newVisitorId(random: () => number = Math.random): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  const hex = () =>
    Math.floor(random() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-8${hex().slice(1)}-${hex()}${hex()}${hex()}`;
}

export const VISITOR_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
