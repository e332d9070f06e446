import { describe, expect, it } from 'vitest';
import { checkEnv, formatProblems, redactUrl, PROVIDER_VARIABLES, type Env } from '#lib/config/check-env.ts';
import { domainProblems, parseDomains } from '#lib/market/locales.ts';

const existing = new Set(['.', '/var/lib/shop']);
const check = (env: Env) => checkEnv(env, { dirExists: (d) => existing.has(d) });
const names = (env: Env) => check(env).map((p) => `${p.severity}:${p.name}`);

const PRODUCTION: Env = {
  NODE_ENV: 'production',
  PARTSFRONT_DOMAINS: 'sv=reservdelar.se,no=reservedeler.no,da=reservedele.dk,fi=varaosat.fi,nl=onderdelen.nl',
  PARTSFRONT_AUTH_SECRET: 'a'.repeat(64),
  PARTSFRONT_IP_SALT: 'b'.repeat(64),
  SMTP_URL: 'smtp://user:pass@relay:587',
  DATABASE_URL: 'postgres://shop:secret@db:5432/shop',
};

describe('checkEnv', () => {
  it('finds nothing wrong in an empty development environment (every default applies)', () => {
    expect(check({})).toEqual([]);
    expect(check({ NODE_ENV: 'development', PORT: '4321', PARTSFRONT_DOMAINS: '', DATABASE_URL: 'sqlite:x.db' })).toEqual([]);
  });

  it('reports malformed numbers, ports, URLs and switches with what would fix them', () => {
    const problems = check({
      PORT: '80a',
      PG_POOL_MAX: '0',
      KLARNA_API_URL: 'klarna.example',
      PARTSFRONT_TRUST_PROXY: 'yes',
      LOG_LEVEL: 'loud',
    });
    expect(problems.map((p) => p.name).sort()).toEqual(['KLARNA_API_URL', 'LOG_LEVEL', 'PARTSFRONT_TRUST_PROXY', 'PG_POOL_MAX', 'PORT']);
    const port = problems.find((p) => p.name === 'PORT')!;
    expect(port.problem).toContain('"80a"');
    expect(port.fix).toContain('1 to 65535');
    expect(formatProblems(problems)).toContain('PORT: not a port (1–65535) ("80a") — set a port from 1 to 65535, e.g. 4321, or unset it');
  });

  it('never repeats a secret in its message', () => {
    const [p] = check({ ADYEN_HMAC_KEY: 'hunter2' });
    expect(p!.name).toBe('ADYEN_HMAC_KEY');
    expect(JSON.stringify(p)).not.toContain('hunter2');
  });

  it('parses PARTSFRONT_DOMAINS strictly', () => {
    expect(domainProblems('sv=reservdelar.se, fi=varaosat.fi,')).toEqual([]);
    expect(domainProblems('se=shop.se')).toEqual(['"se" is not a storefront (sv, no, da, fi, nl)']);
    expect(domainProblems('sv shop.se')).toEqual(['"sv shop.se" is not locale=domain']);
    expect(domainProblems('sv=shop.se,sv=shop2.se')).toEqual(['sv is named twice']);
    expect(domainProblems('sv=shop_1.se')).toEqual(['"shop_1.se" is not a domain name']);
    expect(domainProblems('sv=shop.eu,no=shop.eu')).toEqual(['sv and no are both on shop.eu']);
    expect(domainProblems('sv=no.localhost')).toEqual(['sv and no are both on no.localhost']);
    expect(names({ PARTSFRONT_DOMAINS: 'xx=shop.se' })).toEqual(['error:PARTSFRONT_DOMAINS']);
    expect(() => parseDomains('xx=shop.se')).toThrow('PARTSFRONT_DOMAINS: "xx" is not a storefront');
    expect(parseDomains('SV=Shop.SE.').sv).toBe('shop.se');
  });

  it('refuses the back office on a storefront domain, or a malformed admin domain', () => {
    expect(names({ PARTSFRONT_ADMIN_DOMAIN: 'sv.localhost' })).toEqual(['error:PARTSFRONT_ADMIN_DOMAIN']);
    expect(names({ PARTSFRONT_DOMAINS: 'sv=shop.se', PARTSFRONT_ADMIN_DOMAIN: 'shop.se' })).toEqual(['error:PARTSFRONT_ADMIN_DOMAIN']);
    expect(names({ PARTSFRONT_ADMIN_DOMAIN: 'admin.shop.se' })).toEqual([]);
    expect(names({ PARTSFRONT_ADMIN_DOMAIN: 'not a domain' })).toEqual(['error:PARTSFRONT_ADMIN_DOMAIN']);
  });

  it('accepts postgres:// and sqlite: database URLs only, and an embedded file only in an existing folder', () => {
    expect(names({ DATABASE_URL: 'mysql://db/shop' })).toEqual(['error:DATABASE_URL']);
    expect(check({ DATABASE_URL: 'mysql://db/shop' })[0]!.problem).toBe('mysql: is neither postgres:// nor sqlite:');
    expect(names({ DATABASE_URL: 'postgresql://u:p@db:5432/shop' })).toEqual([]);
    expect(names({ DATABASE_URL: 'postgres://' })).toEqual(['error:DATABASE_URL']);
    expect(names({ DATABASE_URL: 'sqlite::memory:' })).toEqual([]);
    expect(names({ DATABASE_URL: 'sqlite:/var/lib/shop/shop.db' })).toEqual([]);
    expect(names({ DATABASE_URL: 'sqlite:/var/lib/shpo/shop.db' })).toEqual(['error:DATABASE_URL']);
    expect(check({ PARTSFRONT_DB_FILE: 'dta/shop.db' })[0]).toMatchObject({
      name: 'PARTSFRONT_DB_FILE',
      fix: 'create dta, or name a file in an existing folder',
    });
    expect(names({ PARTSFRONT_DB_FILE: 'shop.db' })).toEqual([]);
    // the default's folder is created by the start
    expect(names({ PARTSFRONT_DB_FILE: 'data/partsfront.db', DATABASE_URL: '' })).toEqual([]);
    expect(names({ DATABASE_URL: 'sqlite:./data/partsfront.db' })).toEqual([]);
  });

  it('in production: no problem when every provider is either fully configured or absent', () => {
    const full = Object.fromEntries(
      Object.values(PROVIDER_VARIABLES)
        .flat()
        .map((n) => [n, n.includes('URL') ? 'https://api.example' : 'x'.repeat(40)]),
    );
    full.ADYEN_HMAC_KEY = 'A'.repeat(64);
    full.WALLEY_STORE_IDS = 'sv=1001';
    full.STORECOVE_LEGAL_ENTITY_ID = '12345';
    expect(check({ ...PRODUCTION, ...full })).toEqual([]);
    expect(check(PRODUCTION)).toEqual([]);
  });

  it('in production: reports a half-configured provider, naming each missing variable', () => {
    const problems = check({ ...PRODUCTION, ADYEN_API_KEY: 'k'.repeat(40) });
    expect(problems.map((p) => p.name)).toEqual(['ADYEN_CHECKOUT_URL', 'ADYEN_MERCHANT_ACCOUNT', 'ADYEN_HMAC_KEY']);
    expect(problems[0]!.problem).toContain('Adyen is half-configured (ADYEN_API_KEY set');
    // outside production the sandbox fills the rest
    expect(check({ ADYEN_API_KEY: 'k' })).toEqual([]);
    expect(names({ ...PRODUCTION, PARTSFRONT_DEPICT_URL: 'https://depict.example' })).toEqual(['error:PARTSFRONT_DEPICT_URL']);
    expect(names({ ...PRODUCTION, PARTSFRONT_PERSONALISATION_URL: 'https://p.example/t' })).toEqual([
      'error:PARTSFRONT_PERSONALISATION_WEBSITE_SV',
    ]);
  });

  it('in production: requires the IP salt, long own secrets, and warns of what falls back', () => {
    const { PARTSFRONT_IP_SALT, PARTSFRONT_AUTH_SECRET, SMTP_URL, PARTSFRONT_DOMAINS, ...bare } = PRODUCTION;
    expect(names(bare)).toEqual([
      'error:PARTSFRONT_IP_SALT',
      'warning:PARTSFRONT_AUTH_SECRET',
      'warning:SMTP_URL',
      'warning:PARTSFRONT_DOMAINS',
    ]);
    expect(names({ ...PRODUCTION, PARTSFRONT_OPERATOR_TOKEN: 'short' })).toEqual(['error:PARTSFRONT_OPERATOR_TOKEN']);
    // a provider's own credential is whatever the provider gave
    expect(names({ ...PRODUCTION, INGRID_API_URL: 'https://api.ingrid.example', INGRID_SITE_TOKEN: 'short' })).toEqual([]);
    expect(formatProblems(check(bare))[0]).toMatch(/^PARTSFRONT_IP_SALT: /);
    expect(formatProblems(check(bare))[1]).toMatch(/^warning: PARTSFRONT_AUTH_SECRET: /);
  });

  it('redacts passwords in URLs', () => {
    expect(redactUrl('postgres://shop:s3cret@db:5432/shop')).toBe('postgres://shop:***@db:5432/shop');
    expect(redactUrl('postgres://db:5432/shop')).toBe('postgres://db:5432/shop');
  });
});
