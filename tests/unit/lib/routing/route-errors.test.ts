import { describe, expect, it } from 'vitest';
import { errorResponse } from '#lib/routing/route-errors.ts';

describe('route errors', () => {
  it('shows the error page with status 500 by default, the message and a home link', async () => {
    const r = errorResponse(new Error('Database unavailable'), '/fi/checkout', 'fi');
    expect(r.status).toBe(500);
    const html = await r.text();
    expect(html).toContain('Database unavailable');
    expect(html).toContain('lang="fi-FI"');
    expect(html).toContain('href="/"');
  });
  it('keeps the status of the error', async () => {
    expect(errorResponse(Object.assign(new Error('Gone'), { status: 410 }), '/sv/x', 'sv').status).toBe(410);
  });
  it('answers API errors as JSON without internals', async () => {
    const r = errorResponse(new Error('SELECT * FROM secret'), '/api/products', undefined);
    expect(r.status).toBe(500);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(await r.json()).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
    const bad = errorResponse(Object.assign(new Error('bad locale'), { status: 400 }), '/api/products', undefined);
    expect(await bad.json()).toEqual({ error: { code: 'request_error', message: 'bad locale' } });
  });
  it('falls back to a message with a link home when the error page itself fails', async () => {
    const r = errorResponse(new Error('x'), '/sv/y', 'sv', () => {
      throw new Error('render failed');
    });
    expect(r.status).toBe(500);
    const html = await r.text();
    expect(html).toContain('Something went wrong');
    expect(html).toContain('<a href="/">');
  });
});
