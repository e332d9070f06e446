/** The guest order forms: one field takes the e-mail or the postal code of the order address; an @ tells which. */
import { describe, expect, it } from 'vitest';
import { orderLoginRequestSchema } from '#lib/api/auth-contracts.ts';
import { orderLoginRequest } from '#lib/account/order-login.ts';

describe('orderLoginRequest', () => {
  it('sends an e-mail as email and anything else as the postal code, trimmed', () => {
    expect(orderLoginRequest(' 1000017 ', ' gast@partsfront.test ')).toEqual({ order_id: '1000017', email: 'gast@partsfront.test' });
    expect(orderLoginRequest('1000017', '411 01')).toEqual({ order_id: '1000017', postal_code: '411 01' });
  });

  it('builds requests the API accepts, and the API refuses one without either', () => {
    expect(orderLoginRequestSchema.safeParse(orderLoginRequest('1000017', '41101')).success).toBe(true);
    expect(orderLoginRequestSchema.safeParse({ order_id: '1000017' }).success).toBe(false);
  });
});
