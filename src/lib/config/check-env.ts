/**
 * Checks the environment against the schema (env-schema.ts) and the rules between variables
 * (docs/product/configuration.md#checks): returns every problem with the variable's name and what would fix it.
 * Pure: the file system is asked through `dirExists`.
 */
import { domainProblems, parseDomains } from '#lib/market/locales.ts';
import { adminDomain } from '#lib/backoffice/backoffice-paths.ts';
import { ENV_VARS, MIN_SECRET_LENGTH, envSchema } from './env-schema.ts';

export type Env = Record<string, string | undefined>;

export interface ConfigProblem {
  name: string;
  problem: string;
  fix: string;
  /** Errors stop the start; warnings are printed and the start goes on. */
  severity: 'error' | 'warning';
}

export interface CheckOptions {
  /** Whether a folder exists (for the embedded database's file). */
  dirExists: (dir: string) => boolean;
}

/**
 * Each provider's variables, all of which production needs once any is set (the sandbox fills the rest only
 * outside production): the required sets of src/server/payments/payment-config.ts, shipping/shipping-config.ts,
 * search/providers/depict-config.ts, tracking/personalisation-config.ts and einvoice/access-point-config.ts.
 */
export const PROVIDER_VARIABLES = {
  Adyen: ['ADYEN_CHECKOUT_URL', 'ADYEN_API_KEY', 'ADYEN_MERCHANT_ACCOUNT', 'ADYEN_HMAC_KEY'],
  Klarna: ['KLARNA_API_URL', 'KLARNA_USERNAME', 'KLARNA_PASSWORD'],
  Walley: [
    'WALLEY_API_URL',
    'WALLEY_CLIENT_ID',
    'WALLEY_CLIENT_SECRET',
    'WALLEY_SCOPE',
    'WALLEY_STORE_IDS',
    'WALLEY_TERMS_URL',
    'WALLEY_CHECKOUT_PAGE_URL',
  ],
  Two: ['TWO_API_URL', 'TWO_API_KEY', 'TWO_WEBHOOK_SECRET'],
  Ingrid: ['INGRID_API_URL', 'INGRID_SITE_TOKEN'],
  Storecove: ['STORECOVE_API_URL', 'STORECOVE_API_KEY', 'STORECOVE_LEGAL_ENTITY_ID'],
} as const;

/** Variables that only mean something with the switch variable set. */
const NEEDS: readonly { name: string; needs: string; what: string }[] = [
  ...['PARTSFRONT_DEPICT_URL', 'PARTSFRONT_DEPICT_MARKETS', 'PARTSFRONT_DEPICT_TIMEOUT_MS', 'PARTSFRONT_DEPICT_RECOMMENDATION_TYPE'].map(
    (name) => ({
      name,
      needs: 'PARTSFRONT_DEPICT_MERCHANT',
      what: 'Depict',
    }),
  ),
  ...['SV', 'NO', 'DA', 'FI', 'NL'].map((c) => ({
    name: `PARTSFRONT_PERSONALISATION_WEBSITE_${c}`,
    needs: 'PARTSFRONT_PERSONALISATION_URL',
    what: 'the personalisation service',
  })),
];

/** src/server/db/config.ts DEFAULT_SQLITE_FILE: its folder is created by the start. */
const DEFAULT_DB_FILE = 'data/partsfront.db';

const set = (env: Env, name: string): boolean => (env[name] ?? '').trim() !== '';

/** postgres://user:secret@host/db → postgres://user:***@host/db (for messages and the start-up summary). */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@/\s]*@/i, '$1***@');
}

function schemaProblems(env: Env): ConfigProblem[] {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return [];
  const byName = new Map(ENV_VARS.map((v) => [v.name, v]));
  return parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const v = byName.get(name);
    const value = v?.secret ? '' : ` (${JSON.stringify(env[name])})`;
    return { name, problem: `${issue.message}${value}`, fix: `set ${v?.expects ?? 'a valid value'}, or unset it`, severity: 'error' };
  });
}

function databaseProblems(env: Env, opts: CheckOptions): ConfigProblem[] {
  const url = env.DATABASE_URL?.trim();
  const fix = 'set postgres://user:password@host:5432/database or sqlite:path/to/file.db, or unset it for data/partsfront.db';
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    if (!URL.canParse(url) || !new URL(url).hostname)
      return [{ name: 'DATABASE_URL', problem: `${redactUrl(url)} is not a valid URL`, fix, severity: 'error' }];
    return [];
  }
  let file: string | undefined;
  let name = 'PARTSFRONT_DB_FILE';
  if (url && url.startsWith('sqlite:')) {
    file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    name = 'DATABASE_URL';
    if (file === ':memory:') return [];
    if (!file) return [{ name, problem: 'sqlite: names no file', fix, severity: 'error' }];
  } else if (url) {
    return [{ name: 'DATABASE_URL', problem: `${url.split(':')[0]}: is neither postgres:// nor sqlite:`, fix, severity: 'error' }];
  } else if (set(env, 'PARTSFRONT_DB_FILE')) {
    file = env.PARTSFRONT_DB_FILE!.trim();
  }
  // The default data/ folder is created by the start; a folder named on purpose must exist (a typo is not created).
  if (file === undefined || file.replace(/^\.\//, '') === DEFAULT_DB_FILE) return [];
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) || '/' : '.';
  if (opts.dirExists(dir)) return [];
  return [
    {
      name,
      problem: `the folder ${dir} of the database file does not exist`,
      fix: `create ${dir}, or name a file in an existing folder`,
      severity: 'error',
    },
  ];
}

function providerProblems(env: Env): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  for (const [provider, names] of Object.entries(PROVIDER_VARIABLES)) {
    const given = names.filter((n) => set(env, n));
    if (given.length === 0 || given.length === names.length) continue;
    for (const name of names.filter((n) => !set(env, n)))
      out.push({
        name,
        problem: `${provider} is half-configured (${given.join(', ')} set, this missing), so ${provider} is not offered`,
        fix: `set ${name}, or unset every ${names[0]!.split('_')[0]}_* variable`,
        severity: 'error',
      });
  }
  for (const { name, needs, what } of NEEDS)
    if (set(env, name) && !set(env, needs))
      out.push({ name, problem: `set, but ${what} is off without ${needs}`, fix: `set ${needs}, or unset ${name}`, severity: 'error' });
  if (
    set(env, 'PARTSFRONT_PERSONALISATION_URL') &&
    !['SV', 'NO', 'DA', 'FI', 'NL'].some((c) => set(env, `PARTSFRONT_PERSONALISATION_WEBSITE_${c}`))
  )
    out.push({
      name: 'PARTSFRONT_PERSONALISATION_WEBSITE_SV',
      problem: 'PARTSFRONT_PERSONALISATION_URL is set but no storefront has a website id, so nothing is tracked',
      fix: 'set PARTSFRONT_PERSONALISATION_WEBSITE_<SV|NO|DA|FI|NL> to the ids the service gave',
      severity: 'error',
    });
  return out;
}

/** The shop's own keys and tokens (providers' credentials are what the provider gave, whatever their length). */
const isShopSecret = (name: string): boolean =>
  ENV_VARS.some((v) => v.name === name && v.secret) && name.startsWith('PARTSFRONT_') && !name.startsWith('PARTSFRONT_EDITOR_TOKEN');

function secretProblems(env: Env): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  for (const v of ENV_VARS)
    if (isShopSecret(v.name) && set(env, v.name) && env[v.name]!.trim().length < MIN_SECRET_LENGTH)
      out.push({
        name: v.name,
        problem: `shorter than ${MIN_SECRET_LENGTH} characters`,
        fix: `set a random value, e.g. \`openssl rand -hex 32\``,
        severity: 'error',
      });
  // Hashes of one visitor's IP must match across nodes and restarts (the random default changes with each process).
  if (!set(env, 'PARTSFRONT_IP_SALT'))
    out.push({
      name: 'PARTSFRONT_IP_SALT',
      problem: 'unset in production: every process salts IPs differently',
      fix: 'set a random value, e.g. `openssl rand -hex 32`',
      severity: 'error',
    });
  // Without a configured key the nodes share one kept in the database (docs/adr/0010-several-nodes-on-one-postgresql.md).
  if (!set(env, 'PARTSFRONT_AUTH_SECRET'))
    out.push({
      name: 'PARTSFRONT_AUTH_SECRET',
      problem: 'unset: tokens are signed with a key kept in the database',
      fix: 'set a random value, e.g. `openssl rand -hex 32`, to keep the key out of the database',
      severity: 'warning',
    });
  if (!set(env, 'SMTP_URL'))
    out.push({
      name: 'SMTP_URL',
      problem: 'unset in production: no e-mail leaves the shop',
      fix: 'set smtp://user:pass@relay:587',
      severity: 'warning',
    });
  if (domainProblems(env.PARTSFRONT_DOMAINS).length === 0 && !set(env, 'PARTSFRONT_DOMAINS'))
    out.push({
      name: 'PARTSFRONT_DOMAINS',
      problem: 'unset in production: the storefronts answer on *.localhost only',
      fix: 'set sv=…,no=…,da=…,fi=…,nl=… to the public domains',
      severity: 'warning',
    });
  return out;
}

/** Every problem of `env`; production (NODE_ENV=production) adds the provider and secret rules. */
export function checkEnv(env: Env, opts: CheckOptions): ConfigProblem[] {
  const problems = [...schemaProblems(env)];
  for (const problem of domainProblems(env.PARTSFRONT_DOMAINS))
    problems.push({
      name: 'PARTSFRONT_DOMAINS',
      problem,
      fix: 'set comma-separated locale=domain pairs, one domain per storefront (sv, no, da, fi, nl)',
      severity: 'error',
    });
  // The back office on a storefront's domain would take that storefront over (docs/product/back-office.md#host).
  if (domainProblems(env.PARTSFRONT_DOMAINS).length === 0 && Object.values(parseDomains(env.PARTSFRONT_DOMAINS)).includes(adminDomain(env)))
    problems.push({
      name: 'PARTSFRONT_ADMIN_DOMAIN',
      problem: `${adminDomain(env)} is a storefront's domain`,
      fix: 'give the back office a domain of its own, e.g. admin.example.se',
      severity: 'error',
    });
  problems.push(...databaseProblems(env, opts));
  if (env.NODE_ENV === 'production') problems.push(...providerProblems(env), ...secretProblems(env));
  return problems;
}

/** `<VARIABLE>: <problem> — <fix>`, errors first. */
export function formatProblems(problems: readonly ConfigProblem[]): string[] {
  return [...problems]
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
    .map((p) => `${p.severity === 'warning' ? 'warning: ' : ''}${p.name}: ${p.problem} — ${p.fix}`);
}
