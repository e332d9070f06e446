import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startupSummary } from '#host/startup-summary.ts';

const base = { host: '0.0.0.0', port: 4321, buildDir: path.resolve('builds/current') };

describe('startupSummary', () => {
  it('in development: *.localhost URLs on the real port, the embedded database, every provider from the sandbox', () => {
    const lines = startupSummary({ ...base, env: { PORT: '4400', PARTSFRONT_SANDBOX_URL: 'http://127.0.0.1:4330' }, port: 4400 });
    expect(lines[0]).toBe('Partsfront serving build builds/current on 0.0.0.0:4400');
    expect(lines).toContain('  sv         http://sv.localhost:4400');
    expect(lines).toContain('  nl         http://nl.localhost:4400');
    expect(lines).toContain('  database   SQLite data/partsfront.db');
    expect(lines).toContain('  payments   own invoice, Adyen (sandbox), Klarna (sandbox), Walley (sandbox), Two (sandbox)');
    expect(lines).toContain('  shipping   eel, Ingrid (sandbox)');
    expect(lines).toContain('  search     internal, Depict off');
    expect(lines).toContain('  mail       local outbox only (SMTP_URL unset)');
    expect(lines).toContain('  e-invoice  Storecove (sandbox)');
    expect(lines).toContain('  sandbox    http://127.0.0.1:4330');
    expect(lines.length).toBeLessThan(20);
  });

  it('in production: public https URLs, PostgreSQL and SMTP with passwords redacted, real providers, no sandbox', () => {
    const env = {
      NODE_ENV: 'production',
      PARTSFRONT_DOMAINS: 'sv=reservdelar.se,no=reservedeler.no,da=reservedele.dk,fi=varaosat.fi,nl=onderdelen.nl',
      DATABASE_URL: 'postgres://shop:s3cret@db.internal:5433/shop',
      SMTP_URL: 'smtp://mailer:hunter2@relay:587',
      KLARNA_API_URL: 'https://api.klarna.com',
      KLARNA_USERNAME: 'PK_1',
      KLARNA_PASSWORD: 'pw',
      PARTSFRONT_DEPICT_MERCHANT: 'partsfront',
    };
    const lines = startupSummary({ ...base, env });
    const text = lines.join('\n');
    expect(lines).toContain('  sv         https://reservdelar.se');
    expect(lines).toContain('  database   PostgreSQL db.internal:5433/shop (postgres://shop:***@db.internal:5433/shop)');
    expect(lines).toContain('  payments   own invoice, Adyen off, Klarna, Walley off, Two off');
    expect(lines).toContain('  search     internal, Depict');
    expect(lines).toContain('  recommend  internal, Depict');
    expect(lines).toContain('  mail       SMTP smtp://mailer:***@relay:587');
    expect(lines).toContain('  sandbox    off');
    expect(lines).toContain('  e-invoice  Storecove off');
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('hunter2');
  });

  it('says when the sandbox is expected but this process did not start it', () => {
    const lines = startupSummary({ ...base, env: {} });
    expect(lines).toContain('  sandbox    http://127.0.0.1:4330 expected, not started by this process');
  });

  it('uses PARTSFRONT_PUBLIC_SCHEME and PARTSFRONT_PUBLIC_PORT for the public URLs', () => {
    const lines = startupSummary({ ...base, env: { PARTSFRONT_PUBLIC_SCHEME: 'https', PARTSFRONT_PUBLIC_PORT: '8443' } });
    expect(lines).toContain('  fi         https://fi.localhost:8443');
  });
});
