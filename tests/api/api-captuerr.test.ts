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

  it('stores a report from the fi storefront under fi; one without locale/sid is refused 400 bad_locale and not stored', async () => {
    const marker = `fi report ${Date.now()}`;
    expect((await postJson(api('/captuerr', 'fi'), { error: marker })).status).toBe(204);
    const row = await h.db.selectFrom('client_errors').select(['locale', 'level']).where('message', '=', marker).executeTakeFirstOrThrow();
    expect(row).toEqual({ locale: 'fi', level: 'error' });

    const lost = `report without locale ${Date.now()}`;
    const r = await postJson(raw('/captuerr', 'fi'), { error: lost });
    expect(r.status).toBe(400);
    expect(r.json().error.code).toBe('bad_locale');
    expect(await h.db.selectFrom('client_errors').select('id').where('message', '=', lost).executeTakeFirst()).toBeUndefined();
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
