/**
 * The text of `.env.example` (repo root), rendered from the schema: every variable grouped, its description,
 * and `# NAME=default` (a bare `# NAME=` has no default: unset means off or not configured). Every line is
 * commented out: an empty value would not mean "unset" to every reader. Regenerate with `npm run env-example`;
 * tests/unit/lib/config/env-example.test.ts fails when the file and the schema differ.
 */
import { ENV_VARS, type EnvGroup } from './env-schema.ts';

export function envExample(): string {
  const out = [
    '# Partsfront configuration: every environment variable the shop reads (docs/product/configuration.md).',
    '# Generated from src/lib/config/env-schema.ts by `npm run env-example`; a unit test keeps both equal.',
    '# `# NAME=value` shows the default; a bare `# NAME=` has none (unset: off or not configured).',
    '# Every start checks these values first and names each problem with its fix.',
  ];
  let group: EnvGroup | undefined;
  for (const v of ENV_VARS) {
    if (v.internal) continue;
    if (v.group !== group) {
      group = v.group;
      out.push('', `## ${group}`);
    }
    out.push(`# ${v.description}${v.secret ? ' (secret)' : ''}`, `# ${v.name}=${v.default ?? ''}`);
  }
  return `${out.join('\n')}\n`;
}
