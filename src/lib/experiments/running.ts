/**
 * The running experiments a storefront hands the browser (GET /api/experiments, docs/product/api.md#experiments).
 * Kept free of zod: the page script reads the answer with the small guard below.
 */
export interface RunningExperiment {
  name: string;
  variants: { name: string; weight: number }[];
}

/** `version` changes whenever the running set or a weight changes. */
export interface ExperimentsAnswer {
  version: string;
  experiments: RunningExperiment[];
}

const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;

/** The answer if it has the expected shape, else undefined (treated as a failed set-up). */
export function readExperimentsAnswer(data: unknown): ExperimentsAnswer | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { version, experiments } = data as Record<string, unknown>;
  if (typeof version !== 'string' || !Array.isArray(experiments) || experiments.length > 64) return undefined;
  const ok = experiments.every(
    (e: unknown) =>
      !!e &&
      typeof e === 'object' &&
      isName((e as RunningExperiment).name) &&
      Array.isArray((e as RunningExperiment).variants) &&
      (e as RunningExperiment).variants.every((v) => !!v && isName(v.name) && typeof v.weight === 'number' && v.weight >= 0),
  );
  return ok ? { version, experiments: experiments as RunningExperiment[] } : undefined;
}
