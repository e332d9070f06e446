/**
 * The company page (docs/product/company-accounts.md), on SQLite and PostgreSQL: a customer founds a company, invites a
 * colleague by e-mail, the colleague joins through the link with their own account; a buyer sees the company but
 * cannot invite; a form from another site or naming another company's member changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type TestResponse } from '#tests/support/http.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { openTestDb, raw } from './api-support.ts';
import { accountCookies } from './account-session.ts';
import { swedishOrgNumber } from '#tests/support/org-numbers.ts';

const PASSWORD = 'company test 1';
let h: DbHandle;
const run = Date.now();
const email = (who: string) => `${who}-${run}@example.se`;

async function customer(who: string): Promise<string> {
  const c = (await createCustomer(h.db, email(who), who))!;
  await h.db
    .updateTable('customers')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', c.id)
    .execute();
  return accountCookies(email(who), PASSWORD);
}

const post = (cookie: string, fields: Record<string, string>, origin = raw('').replace(/\/$/, '')): Promise<TestResponse> =>
  request(raw('/my-account/company'), {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const page = (cookie: string, query = '') => request(raw(`/my-account/company${query}`), { headers: { cookie } });

const orgNumber = () => swedishOrgNumber(run);

beforeAll(() => {
  h = openTestDb();
});
afterAll(async () => {
  await h.db.destroy();
});

describe('the company page', () => {
  it('founds a company, invites a buyer who joins by the link; a buyer cannot invite', async () => {
    const anna = await customer('anna');
    const before = await page(anna);
    expect(before.status).toBe(200);
    expect(before.body).toContain('data-testid="company-create-form"');

    const org = orgNumber();
    const created = await post(anna, {
      action: 'create',
      name: 'Verkstadsservice AB',
      organisation_number: org,
      vat_number: '',
      peppol_id: '',
      invoice_reference: 'Inköp 42',
      street: 'Verkstadsgatan 1',
      postal_code: '111 22',
      city: 'Stockholm',
    });
    expect(created.status, created.body.slice(0, 500)).toBe(303);
    expect(created.headers.location).toBe('/my-account/company?done=create');
    const admin = await page(anna);
    expect(admin.body).toContain('data-testid="company-details" data-role="admin"');
    expect(admin.body).toContain(`data-testid="company-member" data-email="${email('anna')}" data-role="admin"`);

    // a second company with the same number is refused, in the visitor's language
    const other = await customer('olle');
    const dup = await post(other, {
      action: 'create',
      name: 'X',
      organisation_number: org,
      street: 'a',
      postal_code: '1',
      city: 'b',
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toContain('data-testid="company-refused" data-reason="organisation_number"');

    expect((await post(anna, { action: 'invite', email: email('bo'), role: 'buyer', spending_limit: '5 000' })).status).toBe(303);
    const mail = await h.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'kind'])
      .where('recipient', '=', email('bo'))
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe('company_invite');
    const token = /invitation=([\w-]+)/.exec(mail.text_body)![1]!;

    const bo = await customer('bo');
    const offer = await page(bo, `?invitation=${token}`);
    expect(offer.body).toContain('data-testid="company-accept-form"');
    // someone else cannot use Bo's link
    const cia = await customer('cia');
    const stolen = await post(cia, { action: 'accept', token });
    expect(stolen.status).toBe(401);
    expect(stolen.body).toContain('data-reason="invalid_token"');
    expect((await post(bo, { action: 'accept', token })).status).toBe(303);
    const buyer = await page(bo);
    expect(buyer.body).toContain('data-testid="company-details" data-role="buyer"');
    expect(buyer.body).not.toContain('company-invite-form');
    const refused = await post(bo, { action: 'invite', email: email('dan'), role: 'viewer' });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('data-reason="forbidden"');

    // Bo's limit as the admin set it: 5,000 kronor
    const member = await h.db
      .selectFrom('company_members')
      .select(['role', 'spending_limit_minor'])
      .where(
        'customer_id',
        '=',
        (await h.db.selectFrom('customers').select('id').where('email', '=', email('bo')).executeTakeFirstOrThrow()).id,
      )
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ role: 'buyer', spending_limit_minor: 500_000 });
  });

  it('changes nothing for a form from another site or for a member of another company', async () => {
    const eva = await customer('eva');
    const evil = await post(
      eva,
      { action: 'create', name: 'X', organisation_number: orgNumber(), street: 'a', postal_code: '1', city: 'b' },
      'https://evil.example',
    );
    expect(evil.status).toBe(403);
    expect(
      await h.db
        .selectFrom('company_members')
        .select('customer_id')
        .where(
          'customer_id',
          '=',
          (await h.db.selectFrom('customers').select('id').where('email', '=', email('eva')).executeTakeFirstOrThrow()).id,
        )
        .executeTakeFirst(),
    ).toBeUndefined();
    // Eva is in no company: removing Anna (of another company) is refused
    const anna = await h.db.selectFrom('customers').select('id').where('email', '=', email('anna')).executeTakeFirstOrThrow();
    const r = await post(eva, { action: 'remove', customer_id: String(anna.id) });
    expect(r.status).toBe(404);
    expect(await h.db.selectFrom('company_members').select('role').where('customer_id', '=', anna.id).executeTakeFirstOrThrow()).toEqual({
      role: 'admin',
    });
  });
});
