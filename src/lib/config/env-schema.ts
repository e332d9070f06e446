/**
 * Every environment variable the shop reads, with its type, default and a one-line description
 * (docs/product/configuration.md). `.env.example` is generated from this list and a unit test keeps the two
 * equal; another test fails when source code reads a variable missing here. Test runners' and benchmarks'
 * own variables (TEST_*, PF_*, BENCH_*) are listed in TOOL_VARIABLES, not here.
 */
import { z } from 'zod';
import { LOCALE_CODES } from '#lib/market/locales.ts';

export type EnvGroup =
  | 'Server'
  | 'Storefronts'
  | 'Database'
  | 'Secrets and tokens'
  | 'Payments'
  | 'Shipping'
  | 'E-invoices'
  | 'Search and recommendations'
  | 'Tracking'
  | 'Mail'
  | 'Rate limits'
  | 'Builds'
  | 'Tuning'
  | 'Logging and metrics'
  | 'Sandbox'
  | 'Internal';

export interface EnvVar {
  name: string;
  group: EnvGroup;
  /** Checks one value (always a string); its error message says what is wrong. */
  type: z.ZodType<unknown, string>;
  /** What a value must look like, for the fix of a problem. */
  expects: string;
  /** Shown in .env.example; undefined: no default (unset means "off" or "not configured"). */
  default?: string;
  description: string;
  /** A key or token: never printed, and in production at least MIN_SECRET_LENGTH characters. */
  secret?: boolean;
  /** Set by the shop's own processes for their children (the build): not in .env.example. */
  internal?: boolean;
}

export const MIN_SECRET_LENGTH = 32;

const wholeNumber = (min: number, max = 2 ** 31) =>
  z.string().refine((s) => /^\d{1,10}$/.test(s.trim()) && Number(s) >= min && Number(s) <= max, `not a whole number from ${min} to ${max}`);
const positiveNumber = () =>
  z.string().refine((s) => s.trim() !== '' && Number.isFinite(Number(s)) && Number(s) > 0, 'not a positive number');
const nonNegativeNumber = () =>
  z.string().refine((s) => s.trim() !== '' && Number.isFinite(Number(s)) && Number(s) >= 0, 'not a number ≥ 0');
const port = () => z.string().refine((s) => /^\d{1,5}$/.test(s.trim()) && Number(s) >= 1 && Number(s) <= 65535, 'not a port (1–65535)');
const httpUrl = () => z.string().refine((s) => /^https?:\/\/[^/\s]+/.test(s.trim()) && URL.canParse(s.trim()), 'not an http(s) URL');
const oneOf = (...values: string[]) => z.string().refine((s) => values.includes(s.trim()), `not one of ${values.join(', ')}`);
const text = () => z.string();
const path = () => z.string().refine((s) => s.trim() !== '', 'empty path');

type Def = Omit<EnvVar, 'name' | 'group'>;
const num = (min: number, def: string | undefined, description: string, max?: number): Def => ({
  type: wholeNumber(min, max),
  expects: `a whole number ≥ ${min}${def ? `, e.g. ${def}` : ''}`,
  default: def,
  description,
});
const url = (def: string | undefined, description: string): Def => ({
  type: httpUrl(),
  expects: 'an http:// or https:// URL',
  default: def,
  description,
});
const str = (def: string | undefined, description: string): Def => ({ type: text(), expects: 'a text value', default: def, description });
const secret = (description: string): Def => ({
  type: text(),
  expects: `a random string of at least ${MIN_SECRET_LENGTH} characters`,
  description,
  secret: true,
});
const timeout = (def: string, description: string): Def => num(1, def, description);

const GROUPS: Record<EnvGroup, Record<string, Def>> = {
  Server: {
    NODE_ENV: {
      type: oneOf('production', 'development', 'test'),
      expects: 'production, development or test',
      default: 'development',
      description: 'production turns off the sandbox and the dev defaults and checks the production rules',
    },
    PORT: { type: port(), expects: 'a port from 1 to 65535, e.g. 4321', default: '4321', description: 'port the server listens on' },
    HOST: {
      type: text(),
      expects: 'an interface address, e.g. 0.0.0.0',
      default: '0.0.0.0',
      description: 'interface the server listens on',
    },
    PARTSFRONT_TRUST_PROXY: {
      type: oneOf('0', '1'),
      expects: '1 (behind a reverse proxy) or 0',
      default: '0',
      description: '1: trust X-Forwarded-For / X-Forwarded-Proto of the reverse proxy',
    },
    PARTSFRONT_HEADERS_TIMEOUT_MS: timeout('10000', 'whole request head received within'),
    PARTSFRONT_REQUEST_TIMEOUT_MS: timeout('30000', 'whole request with its body received within'),
    PARTSFRONT_KEEPALIVE_TIMEOUT_MS: timeout('65000', 'idle keep-alive connection closed after (above the proxy’s own)'),
    PARTSFRONT_MAX_CONNECTIONS: num(1, '1024', 'open connections at most; more are refused'),
    PARTSFRONT_IDLE_RECLAIM: {
      type: oneOf('on', 'off'),
      expects: 'off (or on)',
      default: 'on',
      description: 'off: never give memory back when the server is quiet',
    },
  },
  Storefronts: {
    PARTSFRONT_DOMAINS: {
      type: text(),
      expects: 'comma-separated locale=domain pairs, e.g. sv=example.se,no=example.no',
      default: 'sv=sv.localhost,no=no.localhost,da=da.localhost,fi=fi.localhost,nl=nl.localhost',
      description: 'domain of each storefront (locales sv, no, da, fi, nl); unnamed ones keep {locale}.localhost',
    },
    PARTSFRONT_ADMIN_DOMAIN: {
      type: z.string().refine((s) => /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(s.trim()), 'not a domain name'),
      expects: 'a domain name, e.g. admin.example.se',
      default: 'admin.localhost',
      description: 'domain of the back office (docs/product/back-office.md); port and scheme as the storefronts',
    },
    PARTSFRONT_PUBLIC_SCHEME: {
      type: oneOf('http', 'https'),
      expects: 'http or https',
      description: 'scheme of public links (default http on *.localhost, else https)',
    },
    PARTSFRONT_PUBLIC_PORT: {
      type: port(),
      expects: 'a port from 1 to 65535',
      description: 'port in public links (default PORT on *.localhost, else none)',
    },
    ...Object.fromEntries(
      LOCALE_CODES.map((c) => [
        `PARTSFRONT_GTM_${c.toUpperCase()}`,
        str(undefined, `Google Tag Manager container id of the ${c} storefront (GTM-…)`),
      ]),
    ),
    PARTSFRONT_FIK_CREDITOR: str('85799665', 'Danish FIK creditor number on bank-transfer invoices'),
    PARTSFRONT_EXPERIMENTS_FILE: {
      type: path(),
      expects: 'a file path',
      default: 'config/experiments.json',
      description: 'experiments configuration file',
    },
  },
  Database: {
    DATABASE_URL: {
      type: text(),
      expects: 'postgres://user:password@host:5432/db or sqlite:path/to/file.db',
      description: 'PostgreSQL URL or sqlite:<file>; unset: the embedded database in PARTSFRONT_DB_FILE',
    },
    PARTSFRONT_DB_FILE: {
      type: path(),
      expects: 'a file path',
      default: 'data/partsfront.db',
      description: 'embedded database file when DATABASE_URL is unset',
    },
    PG_POOL_MAX: num(1, '10', 'PostgreSQL connections per process at most'),
    PG_CONNECT_TIMEOUT_MS: timeout('5000', 'a PostgreSQL connection attempt fails after'),
  },
  'Secrets and tokens': {
    PARTSFRONT_AUTH_SECRET: secret('key of access tokens and preview links (unset: a random key kept in the database)'),
    PARTSFRONT_MAIL_SECRET: secret('key of unsubscribe links (unset: PARTSFRONT_AUTH_SECRET, else a key kept in the database)'),
    PARTSFRONT_IP_SALT: secret('salt of the hashed IPs in the client error log; required in production (unset: random per process)'),
    PARTSFRONT_OPERATOR_TOKEN: secret('bearer token of the operator API (unset: off in production, random per run otherwise)'),
    PARTSFRONT_EDITOR_TOKENS: {
      type: z
        .string()
        .refine(
          (s) => s.split(';').every((e) => e.trim() === '' || /^\s*[^=;\s][^=;]*=\S{16,}\s*$/.test(e)),
          'not name=token entries with tokens of 16+ characters',
        ),
      expects: 'name=token;name=token, each token at least 16 characters',
      description: 'content editors’ own bearer tokens (docs/product/content-editing.md#access)',
      secret: true,
    },
    PARTSFRONT_EDITOR_TOKEN: secret('`npm run content`: the editor token it sends'),
    PARTSFRONT_REBUILD_TOKEN: secret('bearer token of POST /admin/rebuild (unset: off)'),
    PARTSFRONT_INTERNAL_TOKEN: secret('token of internal cart requests (unset: off)'),
  },
  Payments: {
    ADYEN_CHECKOUT_URL: url(undefined, 'Adyen Checkout API base URL'),
    ADYEN_API_KEY: secret('Adyen API key'),
    ADYEN_MERCHANT_ACCOUNT: str(undefined, 'Adyen merchant account'),
    ADYEN_HMAC_KEY: {
      type: z.string().refine((s) => /^[0-9a-fA-F]{64}$/.test(s.trim()), 'not 64 hex digits'),
      expects: 'the 64 hex digits Adyen shows',
      description: 'Adyen notification HMAC key (hex)',
      secret: true,
    },
    ADYEN_TIMEOUT_MS: timeout('10000', 'Adyen request timeout'),
    KLARNA_API_URL: url(undefined, 'Klarna API base URL'),
    KLARNA_USERNAME: str(undefined, 'Klarna API username'),
    KLARNA_PASSWORD: secret('Klarna API password'),
    KLARNA_TIMEOUT_MS: timeout('10000', 'Klarna request timeout'),
    WALLEY_API_URL: url(undefined, 'Walley API base URL'),
    WALLEY_CLIENT_ID: str(undefined, 'Walley OAuth client id'),
    WALLEY_CLIENT_SECRET: secret('Walley OAuth client secret'),
    WALLEY_SCOPE: str(undefined, 'Walley OAuth scope'),
    WALLEY_STORE_IDS: {
      type: z.string().refine((s) => s.split(',').every((e) => /^\s*(sv|no|da|fi|nl)=\d{1,9}\s*$/.test(e)), 'not locale=storeId pairs'),
      expects: 'locale=storeId pairs, e.g. sv=1001,no=1002',
      description: 'Walley store id per storefront',
    },
    WALLEY_TERMS_URL: url(undefined, 'the shop’s terms page Walley links to'),
    WALLEY_CHECKOUT_PAGE_URL: url(undefined, 'the page showing Walley’s checkout'),
    WALLEY_TIMEOUT_MS: timeout('10000', 'Walley request timeout'),
    TWO_API_URL: url(undefined, 'Two API base URL'),
    TWO_API_KEY: secret('Two API key'),
    TWO_WEBHOOK_SECRET: secret('Two webhook signing secret'),
    TWO_TIMEOUT_MS: timeout('10000', 'Two request timeout'),
    PARTSFRONT_RECONCILE_INTERVAL_S: {
      type: nonNegativeNumber(),
      expects: 'a number of seconds ≥ 0, e.g. 60',
      default: '60',
      description: 'seconds between reconciliations of unfinished payments (0: off)',
    },
    PARTSFRONT_RECONCILE_GRACE_S: {
      type: nonNegativeNumber(),
      expects: 'a number of seconds ≥ 0, e.g. 120',
      default: '120',
      description: 'a payment is reconciled once it is this many seconds old',
    },
  },
  Shipping: {
    INGRID_API_URL: url(undefined, 'Ingrid API base URL'),
    INGRID_SITE_TOKEN: secret('Ingrid site token'),
    INGRID_TIMEOUT_MS: timeout('10000', 'Ingrid request timeout'),
  },
  // docs/product/e-invoices.md#configuration
  'E-invoices': {
    STORECOVE_API_URL: url(undefined, 'Storecove API base URL, e.g. https://api.storecove.com/api/v2 (the Peppol access point)'),
    STORECOVE_API_KEY: secret('Storecove API key'),
    STORECOVE_LEGAL_ENTITY_ID: num(1, undefined, 'the shop’s legal entity id at Storecove (the sender)'),
    STORECOVE_TIMEOUT_MS: timeout('15000', 'Storecove request timeout'),
    PARTSFRONT_EINVOICE_POLL_S: {
      type: nonNegativeNumber(),
      expects: 'a number of seconds ≥ 0, e.g. 30',
      default: '30',
      description: 'seconds between e-invoice delivery passes: retries and delivery events (0: only right after an order)',
    },
  },
  'Search and recommendations': {
    PARTSFRONT_DEPICT_MERCHANT: str(undefined, 'Depict merchant (unset: the internal search and recommendations only)'),
    PARTSFRONT_DEPICT_URL: url(undefined, 'Depict API base URL (default https://api.depict.ai)'),
    PARTSFRONT_DEPICT_TIMEOUT_MS: timeout('800', 'the whole time a search waits for Depict'),
    PARTSFRONT_DEPICT_MARKETS: {
      type: z
        .string()
        .refine((s) => s.split(',').every((e) => e.trim() === '' || /^\s*(sv|no|da|fi|nl)=[\w-]+\s*$/.test(e)), 'not locale=market pairs'),
      expects: 'locale=market pairs, e.g. sv=se,no=no',
      description: 'Depict market per storefront (default the country code)',
    },
    PARTSFRONT_DEPICT_RECOMMENDATION_TYPE: str('cross_sell', 'Depict recommendation type of the product page'),
    PARTSFRONT_SEARCH_INDEX_DIR: {
      type: path(),
      expects: 'a folder path',
      default: '.cache/search-index',
      description: 'where search indexes are stored',
    },
  },
  Tracking: {
    PARTSFRONT_PERSONALISATION_URL: url(undefined, 'tracking URL of the personalisation service (unset: off)'),
    ...Object.fromEntries(
      LOCALE_CODES.map((c) => [
        `PARTSFRONT_PERSONALISATION_WEBSITE_${c.toUpperCase()}`,
        {
          type: z.uuid('not a UUID'),
          expects: 'the website UUID the service gave',
          description: `websiteUuid of the ${c} storefront`,
        } satisfies Def,
      ]),
    ),
    PARTSFRONT_PERSONALISATION_TIMEOUT_MS: timeout('2000', 'personalisation call timeout'),
  },
  Mail: {
    SMTP_URL: {
      type: z.string().refine((s) => /^smtps?:\/\/[^/\s]+/.test(s.trim()) && URL.canParse(s.trim()), 'not an smtp:// or smtps:// URL'),
      expects: 'smtp://user:pass@relay:587 or smtps://…:465',
      description: 'SMTP relay (unset: messages stay in the local outbox)',
      secret: true,
    },
    MAIL_FROM: str('{brand} <order@{domain}>', 'sender, {brand} and {domain} filled per storefront'),
  },
  'Rate limits': {
    AUTH_RATE_LIMIT: num(1, '10', 'sign-in failures and mail-sending requests per IP and minute'),
    AUTH_ACCOUNT_RATE_LIMIT: num(1, '10', 'failed sign-ins per account in 15 minutes'),
    STAFF_LOGIN_IP_LIMIT: num(1, '20', 'failed back-office sign-ins per IP in 15 minutes'),
    STAFF_LOGIN_ACCOUNT_LIMIT: num(1, '5', 'failed back-office sign-ins (password or code) per e-mail in 15 minutes'),
    TRACK_ORDER_RATE_LIMIT: num(1, '10', 'order-tracking lookups per IP and minute'),
    PRODUCT_VIEWS_RATE_LIMIT: num(1, '120', 'product-view reports per IP and minute'),
    EXPERIMENT_EVENTS_RATE_LIMIT: num(1, '60', 'experiment events per IP and minute'),
    CAPTUERR_RATE_LIMIT: num(1, '30', 'client error reports per IP and minute'),
    STOCK_ALERT_RATE_LIMIT: num(1, '20', 'back-in-stock requests per IP and hour (5 per e-mail address)'),
    STOCK_ALERT_MAILS_PER_MINUTE: num(1, '60', 'back-in-stock notification e-mails sent per minute at most'),
  },
  Builds: {
    PARTSFRONT_BUILDS_DIR: {
      type: path(),
      expects: 'a folder path',
      default: 'builds',
      description: 'where builds/<timestamp>/ and builds/current live',
    },
    PARTSFRONT_BUILD_DIR: { type: path(), expects: 'a folder path', description: 'serve this one build and follow no rebuilds' },
    PARTSFRONT_OUT_DIR: { type: path(), expects: 'a folder path', default: 'dist', description: '`astro build` output folder' },
    PARTSFRONT_BUILD_POLL_MS: num(0, '2000', 'how often a node checks the recorded build (0: never)'),
    PARTSFRONT_CHANGE_POLL_MS: num(0, '1000', 'how often changed pages are re-rendered (0: never)'),
    PARTSFRONT_SCHEDULE_POLL_MS: num(0, '5000', 'how often a node publishes the drafts scheduled for now (0: never)'),
    PARTSFRONT_PRERENDER_PRODUCTS: num(
      0,
      '20000',
      'product pages prerendered per storefront, the likeliest first; the rest on first request (docs/adr/0031-build-in-bounded-memory.md)',
    ),
    PARTSFRONT_PRERENDER_MODELS: num(
      0,
      '100',
      'model pages prerendered per storefront, the rest on first request (docs/adr/0027-model-pages-on-demand.md)',
    ),
    PARTSFRONT_SITEMAP_CHUNK: num(
      1,
      '10000',
      'products or model pages per sitemap file of a storefront (docs/product/routes.md#robotstxt-and-sitemap)',
      50_000,
    ),
    PARTSFRONT_BUILD_LOG: {
      type: oneOf('progress', 'pages'),
      expects: 'progress or pages',
      default: 'progress',
      description: 'pages: print every prerendered page instead of one progress line',
    },
    PARTSFRONT_SERVER_PID: num(1, undefined, '`npm run rebuild`: the server to signal (default builds/server.pid)'),
  },
  Tuning: {
    PASSWORD_HASH_CONCURRENCY: num(1, undefined, 'password hashes at once (default cores − 1, at most 3)'),
    PASSWORD_HASH_QUEUE: num(0, '32', 'sign-ins waiting for a hash; beyond that 503'),
    PARTSFRONT_SEARCH_CACHE_MB: {
      type: positiveNumber(),
      expects: 'a positive number of MiB',
      default: '32',
      description: 'search result cache budget (MiB)',
    },
    PARTSFRONT_COUPON_CACHE_MB: {
      type: positiveNumber(),
      expects: 'a positive number of MiB',
      default: '16',
      description: 'coupon cache budget (MiB)',
    },
    PARTSFRONT_RECOMMENDATION_CACHE_MB: {
      type: positiveNumber(),
      expects: 'a positive number of MiB',
      default: '4',
      description: 'recommendation cache budget (MiB)',
    },
  },
  'Logging and metrics': {
    LOG_LEVEL: {
      type: oneOf('trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'),
      expects: 'trace, debug, info, warn, error, fatal or silent',
      default: 'info',
      description: 'least severe log level written',
    },
    LOG_FORMAT: {
      type: oneOf('json', 'pretty'),
      expects: 'json or pretty',
      description: 'log lines as JSON or readable (default json in production, else pretty)',
    },
    PARTSFRONT_METRICS_TOKEN: secret('bearer token of the metrics endpoint (unset: no token asked)'),
    PARTSFRONT_METRICS_PORT: {
      type: port(),
      expects: 'a port from 1 to 65535',
      description: 'port of the separate metrics listener (unset: none)',
    },
    PARTSFRONT_METRICS_HOST: {
      type: text(),
      expects: 'an interface address',
      default: '127.0.0.1',
      description: 'interface of the metrics listener',
    },
  },
  Sandbox: {
    PARTSFRONT_SANDBOX: {
      type: oneOf('on', 'off'),
      expects: 'off (or on)',
      default: 'on',
      description: 'off: no provider sandbox outside production',
    },
    PARTSFRONT_SANDBOX_URL: url(undefined, 'a sandbox already running elsewhere (unset: `npm start` runs one)'),
    PARTSFRONT_SANDBOX_PORT: {
      type: port(),
      expects: 'a port from 1 to 65535',
      default: '4330',
      description: 'port of the sandbox `npm start` runs',
    },
    PARTSFRONT_SANDBOX_PUBLIC_URL: url(undefined, 'the sandbox’s address as browsers reach it'),
    SANDBOX_ADYEN_API_KEY: str('sandbox-adyen-api-key', 'the only X-API-Key the Adyen emulator accepts'),
    SANDBOX_ADYEN_MERCHANT_ACCOUNT: str('PartsfrontECOM', 'the only merchant account the Adyen emulator accepts'),
    SANDBOX_ADYEN_HMAC_KEY: str(undefined, 'HMAC key (hex) the Adyen emulator signs notifications with (default in sandbox/README.md)'),
    SANDBOX_ADYEN_WEBHOOK_URL: url(undefined, 'where the Adyen emulator sends notifications'),
    SANDBOX_KLARNA_USERNAME: str('PK_SANDBOX_partsfront', 'the only Klarna user the emulator accepts'),
    SANDBOX_KLARNA_PASSWORD: str('sandbox-klarna-password', 'the only Klarna password the emulator accepts'),
    SANDBOX_DEPICT_MERCHANT: str('partsfront', 'the Depict emulator’s merchant'),
  },
  Internal: {
    ASTRO_TELEMETRY_DISABLED: {
      type: text(),
      expects: '1',
      default: '1',
      description: 'set by the scripts: no Astro telemetry',
      internal: true,
    },
    PARTSFRONT_PAGE_TAGS_FILE: {
      type: path(),
      expects: 'a file path',
      description: 'set by the build: page-tag index being written',
      internal: true,
    },
    PARTSFRONT_PAGE_TAGS_STARTED: {
      type: text(),
      expects: '1',
      description: 'set by the build: the index file is started',
      internal: true,
    },
    PARTSFRONT_BUILD_CHANGE_SEQ: {
      type: wholeNumber(0),
      expects: 'a whole number',
      description: 'set by the build: change-feed position of its data',
      internal: true,
    },
  },
};

export const ENV_VARS: readonly EnvVar[] = Object.entries(GROUPS).flatMap(([group, defs]) =>
  Object.entries(defs).map(([name, def]) => ({ name, group: group as EnvGroup, ...def })),
);

export const ENV_VAR_NAMES: ReadonlySet<string> = new Set(ENV_VARS.map((v) => v.name));

/** The one schema: every variable optional, each checked when set (an empty value counts as unset). */
export const envSchema = z.object(
  Object.fromEntries(ENV_VARS.map((v) => [v.name, z.preprocess((s) => (s === '' ? undefined : s), v.type.optional())])),
);

/** Variables of the test runners, benchmarks and scripts' helpers: read by tools, never by the shop. */
export const TOOL_VARIABLES: Readonly<Record<string, string>> = {
  TEST_DATABASE_URL: 'PostgreSQL of the API and e2e tests',
  TEST_SUITES: '`npm test`: suites to run',
  PF_E2E_PORT: 'port of the e2e test server',
  PF_API_PORT: 'port of the API test server',
  PF_E2E_SANDBOX_PORT: 'port of the e2e sandbox',
  PF_TEST_DIR: 'test build and databases folder',
  PF_KEEP_BUILD: 'keep the test build',
  TOPOLOGY_NGINX_PORT: '`scripts/local-topology.mjs`: the port of its nginx',
  TOPOLOGY_NODE_PORTS: '`scripts/local-topology.mjs`: the ports of its two nodes',
  PARTSFRONT_NGINX_UPSTREAMS: '`deploy/nginx/render.mjs`: the nodes nginx proxies to (docs/product/deployment.md)',
  PARTSFRONT_TLS_BEFORE_NGINX: '`deploy/nginx/render.mjs`: 1 when TLS ends before nginx',
  PATH: 'the system search path: `npm run backup` and `restore` find pg_dump and pg_restore there',
};
