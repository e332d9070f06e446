import { describe, expect, it } from 'vitest';
import { ensureDemoOperatorToken, ensureDemoRebuildToken } from '#server/cli/demo-operator-token.ts';
import { requireOperator } from '#server/fulfilment/operator-auth.ts';

const post = (authorization?: string) =>
  new Request('http://sv.localhost/api/operator/orders/1001008/pick', {
    method: 'POST',
    ...(authorization ? { headers: { authorization } } : {}),
  });

describe('operator token', () => {
  it('outside production a random token is made and printed once; a configured one and production are left alone', () => {
    const printed: string[] = [];
    const env: Record<string, string | undefined> = {};
    ensureDemoOperatorToken(env, (s) => printed.push(s));
    expect(env.PARTSFRONT_OPERATOR_TOKEN).toMatch(/^[\w-]{24}$/);
    expect(printed).toEqual([`operator token for this run (PARTSFRONT_OPERATOR_TOKEN): ${env.PARTSFRONT_OPERATOR_TOKEN}`]);
    const other: Record<string, string | undefined> = {};
    ensureDemoOperatorToken(other, () => {});
    expect(other.PARTSFRONT_OPERATOR_TOKEN).not.toBe(env.PARTSFRONT_OPERATOR_TOKEN);
    const configured = { PARTSFRONT_OPERATOR_TOKEN: 'mine' };
    ensureDemoOperatorToken(configured, (s) => printed.push(s));
    expect(configured.PARTSFRONT_OPERATOR_TOKEN).toBe('mine');
    const production: Record<string, string | undefined> = { NODE_ENV: 'production' };
    ensureDemoOperatorToken(production, (s) => printed.push(s));
    expect(production.PARTSFRONT_OPERATOR_TOKEN).toBeUndefined();
    expect(printed).toHaveLength(1);
  });

  it('outside production a random rebuild token is made, so publishing a widget rebuilds the demo; never in production', () => {
    const env: Record<string, string | undefined> = {};
    ensureDemoRebuildToken(env);
    expect(env.PARTSFRONT_REBUILD_TOKEN).toMatch(/^[\w-]{24}$/);
    const configured = { PARTSFRONT_REBUILD_TOKEN: 'mine' };
    ensureDemoRebuildToken(configured);
    expect(configured.PARTSFRONT_REBUILD_TOKEN).toBe('mine');
    const production: Record<string, string | undefined> = { NODE_ENV: 'production' };
    ensureDemoRebuildToken(production);
    expect(production.PARTSFRONT_REBUILD_TOKEN).toBeUndefined();
  });

  it('requireOperator: only the configured Bearer token passes; no token configured refuses everyone', () => {
    expect(() => requireOperator(post('Bearer s3cret'), 's3cret')).not.toThrow();
    for (const header of [undefined, 'Bearer wrong', 's3cret', 'Basic s3cret'])
      expect(() => requireOperator(post(header), 's3cret')).toThrow(expect.objectContaining({ status: 401, code: 'unauthorized' }));
    expect(() => requireOperator(post('Bearer '), undefined)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => requireOperator(post('Bearer undefined'), undefined)).toThrow(expect.objectContaining({ status: 401 }));
  });
});
