import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envExample } from '#lib/config/env-example.ts';
import { ENV_VAR_NAMES, ENV_VARS, TOOL_VARIABLES } from '#lib/config/env-schema.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

/** Every `process.env.X`, `env.X`, `env['X']` and `env[`X_${…}`]` (a name per storefront) in a source text. */
export function variablesRead(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/\benv\s*(?:\.\s*([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)) names.add((m[1] ?? m[2])!);
  for (const m of source.matchAll(/\benv\s*\[\s*`([A-Z][A-Z0-9_]*_)\$\{/g))
    for (const c of LOCALE_CODES) names.add(`${m[1]}${c.toUpperCase()}`);
  // helpers taking a variable's name: setting('X', …), positiveInt(env, 'X', …), cacheBudgetBytes('X', …)
  for (const m of source.matchAll(/\b(?:setting|positiveInt|cacheBudgetBytes)\(\s*(?:env,\s*)?'([A-Z][A-Z0-9_]*)'/g)) names.add(m[1]!);
  return [...names];
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|mts|mjs|js|astro)$/.test(e.name) ? [full] : [];
  });
}

describe('.env.example', () => {
  it('is the schema rendered (run `npm run env-example` after changing src/lib/config/env-schema.ts)', () => {
    expect(fs.readFileSync('.env.example', 'utf8')).toBe(envExample());
  });

  it('names every variable of the schema except the internal ones, each once', () => {
    const listed = [...fs.readFileSync('.env.example', 'utf8').matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(listed).toEqual(ENV_VARS.filter((v) => !v.internal).map((v) => v.name));
    expect(new Set(listed).size).toBe(listed.length);
  });
});

describe('the configuration schema', () => {
  it('finds the variables a source reads', () => {
    expect(variablesRead("process.env.PORT; env['HOST']; env[`PARTSFRONT_GTM_${l}`]; setting('PASSWORD_HASH_QUEUE', 1)").sort()).toEqual(
      ['HOST', 'PASSWORD_HASH_QUEUE', 'PORT', ...LOCALE_CODES.map((c) => `PARTSFRONT_GTM_${c.toUpperCase()}`)].sort(),
    );
  });

  it('lists every variable src/, scripts/, sandbox/, integrations/ and deploy/ read', () => {
    const missing = new Map<string, string>();
    for (const file of ['src', 'scripts', 'sandbox', 'integrations', 'deploy'].flatMap(sourceFiles).concat('astro.config.mjs'))
      for (const name of variablesRead(fs.readFileSync(file, 'utf8')))
        if (!ENV_VAR_NAMES.has(name) && !(name in TOOL_VARIABLES)) missing.set(name, file);
    expect(Object.fromEntries(missing)).toEqual({});
  });
});
