/** endpoint(): the database unreachable is a 503 service_unavailable with Retry-After, a bug still a 500. */
import { describe, expect, it, vi } from 'vitest';
import { endpoint } from '#server/http/endpoint.ts';
import { RETRY_AFTER_SECONDS } from '#server/db/unavailable.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const ctx = () => ({
  request: new Request('http://sv.localhost/api/sync-cart?locale=sv&sid=1', { method: 'POST' }),
  url: new URL('http://sv.localhost/api/sync-cart?locale=sv&sid=1'),
});
const throwing = (err: unknown) =>
  endpoint(() => {
    throw err;
  });

describe('endpoint error mapping', () => {
  it.each([
    ['PostgreSQL shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['PostgreSQL refusing', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    ['SQLite busy', Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 })],
  ])('%s → 503 service_unavailable with Retry-After, one warning line', async (_label, err) => {
    const warn = vi.spyOn(loggerFor('api'), 'warn').mockImplementation(() => {});
    const r = await throwing(err)(ctx());
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(r.headers.get('cache-control')).toBe('no-store');
    const body = (await r.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('service_unavailable');
    expect(body.error.message).not.toContain((err as Error).message);
    expect(warn).toHaveBeenCalledTimes(1);
    // the line names the route pattern, not the path with its query
    expect(warn.mock.calls[0]![0]).toMatchObject({ method: 'POST', route: '/api/sync-cart' });
    warn.mockRestore();
  });

  it('any other error stays a 500 internal_error', async () => {
    const error = vi.spyOn(loggerFor('api'), 'error').mockImplementation(() => {});
    const r = await throwing(Object.assign(new Error('duplicate key value'), { code: '23505' }))(ctx());
    expect(r.status).toBe(500);
    expect(r.headers.get('retry-after')).toBeNull();
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('internal_error');
    error.mockRestore();
  });
});
