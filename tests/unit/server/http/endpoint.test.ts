import { describe, expect, it } from 'vitest';
import { DomainError } from '#lib/errors/domain-errors.ts';
import { requireStore } from '#server/http/endpoint.ts';

function refusal(url: string): DomainError {
  try {
    requireStore(new URL(url));
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error(`${url} was accepted`);
}

describe('requireStore', () => {
  it("answers the storefront when locale, sid and the Host's storefront agree", () => {
    expect(requireStore(new URL('http://sv.localhost:4321/api/strings?locale=sv&sid=1'))).toEqual({ locale: 'sv', sid: 1 });
    expect(requireStore(new URL('http://fi.localhost/api/strings?locale=fi&sid=4'))).toEqual({ locale: 'fi', sid: 4 });
  });

  it('refuses a consistent pair of another storefront than the Host with 400 bad_locale', () => {
    const err = refusal('http://sv.localhost:4321/api/sync-cart?locale=fi&sid=4');
    expect(err).toMatchObject({ status: 400, code: 'bad_locale' });
    expect(err.message).toContain('not the storefront of sv.localhost');
  });

  it('refuses a host that is no storefront, and a missing or mismatched pair as before', () => {
    expect(refusal('http://localhost:4321/api/strings?locale=sv&sid=1')).toMatchObject({ status: 400, code: 'bad_locale' });
    expect(refusal('http://sv.localhost/api/strings?locale=sv&sid=4')).toMatchObject({ status: 400, code: 'bad_locale' });
    expect(refusal('http://sv.localhost/api/strings')).toMatchObject({ status: 400, code: 'bad_locale' });
  });
});
