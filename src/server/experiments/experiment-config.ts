/**
 * The experiments configuration (docs/product/experiments.md#configuration): config/experiments.json, or the file
 * named by PARTSFRONT_EXPERIMENTS_FILE, validated with zod when first read (the server reads it at start-up and
 * refuses to start with an invalid one). Read once per process: a change takes effect with a restart.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { experimentsConfigSchema, runningFor, type ExperimentsConfig } from '#lib/experiments/config-schema.ts';
import type { ExperimentsAnswer } from '#lib/experiments/running.ts';

type Env = Record<string, string | undefined>;

export function experimentsFile(env: Env = process.env): string {
  return path.resolve(env.PARTSFRONT_EXPERIMENTS_FILE || 'config/experiments.json');
}

export class ExperimentsConfigError extends Error {}

/** Parses and validates one configuration text; the message names the file and the first bad field. */
export function parseExperimentsConfig(text: string, file = 'experiments configuration'): ExperimentsConfig {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ExperimentsConfigError(`${file}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const r = experimentsConfigSchema.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ExperimentsConfigError(`${file}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  return r.data;
}

/** A missing file means no experiment runs (everyone gets the control); an invalid one is an error. */
export function loadExperimentsConfig(env: Env = process.env): ExperimentsConfig {
  const file = experimentsFile(env);
  if (!fs.existsSync(file)) return { experiments: {} };
  return parseExperimentsConfig(fs.readFileSync(file, 'utf8'), file);
}

let loaded: ExperimentsConfig | undefined;

export function experimentsConfig(): ExperimentsConfig {
  loaded ??= loadExperimentsConfig();
  return loaded;
}

/** What GET /api/experiments answers for one storefront. */
export function experimentsAnswer(locale: string, config = experimentsConfig()): ExperimentsAnswer {
  const experiments = runningFor(config, locale);
  const version = createHash('sha256').update(JSON.stringify(experiments)).digest('hex').slice(0, 16);
  return { version, experiments };
}
