import { describe, expect, it } from 'vitest';
import { companyFormSchema } from '#lib/company/company-forms.ts';

describe('companyFormSchema', () => {
  it('reads a spending limit as minor units, empty as no limit', () => {
    const invite = (spending_limit: string) =>
      companyFormSchema.safeParse({ action: 'invite', email: 'a@b.se', role: 'buyer', spending_limit });
    expect(invite('5 000').data).toMatchObject({ spending_limit: 500_000 });
    expect(invite('1234,50').data).toMatchObject({ spending_limit: 123_450 });
    expect(invite('').data).toMatchObject({ spending_limit: null });
    expect(invite('fem').success).toBe(false);
    expect(invite('-5').success).toBe(false);
    expect(invite('1.234').success).toBe(false);
  });

  it('refuses an unknown action or role and a malformed token', () => {
    expect(companyFormSchema.safeParse({ action: 'delete' }).success).toBe(false);
    expect(companyFormSchema.safeParse({ action: 'invite', email: 'a@b.se', role: 'owner' }).success).toBe(false);
    expect(companyFormSchema.safeParse({ action: 'accept', token: '../x' }).success).toBe(false);
    expect(companyFormSchema.safeParse({ action: 'remove', customer_id: '7' }).data).toEqual({ action: 'remove', customer_id: 7 });
  });
});
