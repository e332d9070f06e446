import { describe, expect, it } from 'vitest';
import { API_ERROR_STATUS } from '#lib/api/errors.ts';
import * as errors from '#lib/errors/domain-errors.ts';
import { DomainError, InvalidRequestError, NotFoundError, RateLimitedError } from '#lib/errors/domain-errors.ts';

describe('DomainError', () => {
  it('carries code, message and field; its status is the one API_ERROR_STATUS gives the code', () => {
    const err = new DomainError('bad_locale', 'locale fi is not the storefront of sv.localhost', 'locale');
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: 'bad_locale', message: 'locale fi is not the storefront of sv.localhost', field: 'locale' });
    expect(err.status).toBe(400);
    expect(new DomainError('body_too_large', 'too big').status).toBe(413);
  });

  it('has no field unless one is named', () => {
    expect(new DomainError('not_found', 'no such checkout').field).toBeUndefined();
    expect(new NotFoundError('no product X in this storefront', 'sku').field).toBe('sku');
  });

  it('each named refusal fixes its code, and is a DomainError of that status', () => {
    const named = Object.entries(errors).filter(([name]) => name !== 'DomainError');
    expect(named.length).toBeGreaterThan(10);
    for (const [name, Refusal] of named) {
      const err = new (Refusal as typeof NotFoundError)(`${name} refused`, 'field');
      expect(err, name).toBeInstanceOf(DomainError);
      expect(err.message).toBe(`${name} refused`);
      expect(err.field).toBe('field');
      expect(err.status, name).toBe(API_ERROR_STATUS[err.code]);
    }
  });

  it('names the codes its classes stand for', () => {
    expect(new NotFoundError('x')).toMatchObject({ code: 'not_found', status: 404 });
    expect(new InvalidRequestError('x')).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(new RateLimitedError('x')).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(new errors.ProviderUnavailableError('x')).toMatchObject({ code: 'provider_unavailable', status: 503 });
    expect(new errors.ReturnNotAllowedError('x')).toMatchObject({ code: 'return_not_allowed', status: 409 });
  });

  it('a subclass can narrow to its own code', () => {
    class Busy extends errors.InvalidTransitionError {
      readonly retry = true;
    }
    const err = new Busy('try again');
    expect(err).toBeInstanceOf(errors.InvalidTransitionError);
    expect(err).toMatchObject({ code: 'invalid_transition', retry: true, message: 'try again' });
  });
});
