/** POST /captuerr stores client errors (bounded fields) and rate-limits per IP with 429 JSON. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { api, openTestDb, raw } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';

let h: DbHandle;
beforeAll(() => {
  h = openTestDb();
});
afterAll(async () => {
  await h.db.destroy();
});

describe('POST /captuerr', () => {
  it('stores an error report with its locale', async () => {
    const marker = `TypeError: x is undefined ${Date.now()}`;
    const r = await postJson(api('/captuerr', 'nl'), {
      error: marker,
      level: 'error',
      stack: 'at a (b.js:1:2)',
      userAgent: 'test',
      url: 'http://nl.localhost/x',
    });
    expect(r.status).toBe(204);
    const row = await h.db.selectFrom('client_errors').selectAll().where('message', '=', marker).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ locale: 'nl', level: 'error', stack: 'at a (b.js:1:2)', user_agent: 'test' });
    expect(row.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(row.ip_hash).not.toContain('127.0.0.1');
  });

  it('answers 429 JSON once a client sends too many reports, and stays up', async () => {
    let limited: Awaited<ReturnType<typeof postJson>> | undefined;
    for (let i = 0; i < 60 && !limited; i++) {
      const r = await postJson(api('/captuerr'), { error: `flood ${i}` });
      if (r.status === 429) limited = r;
      else expect(r.status).toBe(204);
    }
    expect(limited).toBeDefined();
    expect(limited!.json().error.code).toBe('rate_limited');
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request(raw('/healthz'))).status).toBe(200);
  });
});
