/**
 * One-time links (docs/product/accounts.md#one-time-links): create an account, forgot password (answers alike),
 * set password (once), login link (once), change password, token expiry (time injected), rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, request, type TestResponse } from '#tests/support/http.ts';
import { api, openTestDb } from './api-support.ts';
import { cookieHeader, linkToken, setCookies } from './auth-cookies.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { consumeOneTimeToken, issueOneTimeToken } from '#server/auth/one-time-tokens.ts';
import { listMail } from '#server/mail/outbox.ts';

let h: DbHandle;
const EMAIL = 'links-suite@partsfront.test';
const NEW_EMAIL = 'links-new@partsfront.test';
const NOBODY = 'links-nobody@partsfront.test';
const PASSWORD = 'links suite secret';
const ID = 9201;

const cleanup = async () => {
  await h.db.deleteFrom('customers').where('email', 'in', [EMAIL, NEW_EMAIL, NOBODY]).execute();
  await h.db.deleteFrom('mail_outbox').where('recipient', 'in', [EMAIL, NEW_EMAIL, NOBODY]).execute();
};
beforeAll(async () => {
  h = openTestDb();
  await cleanup();
  await h.db
    .insertInto('customers')
    .values({
      id: ID,
      email: EMAIL,
      name: 'Links Suite',
      password_hash: await hashPassword(PASSWORD),
      discounts: '{}',
      created_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(async () => {
  await cleanup();
  await h.db.destroy();
});

const mails = (to: string, kind?: string) => listMail(h.db, { to, ...(kind ? { kind } : {}) });
const latestToken = async (to: string, kind: string) => linkToken((await mails(to, kind))[0]!.text_body);
/** What a prober sees of an answer: status, body and headers apart from the date and the request's own id. */
const visible = (r: TestResponse) => {
  const { date: _date, 'x-request-id': _id, ...headers } = r.headers;
  return { status: r.status, body: r.body, headers };
};

describe('forgot password and set password', () => {
  it('answers the same whether or not the e-mail has an account; only an account gets the mail', async () => {
    const known = await postJson(api('/api/auth/forgot-password'), { email: ` ${EMAIL.toUpperCase()} ` });
    const unknown = await postJson(api('/api/auth/forgot-password'), { email: NOBODY });
    expect(known.status).toBe(202);
    expect(known.json()).toEqual({ status: 'accepted' });
    expect(visible(unknown)).toEqual(visible(known));
    expect(await mails(NOBODY)).toHaveLength(0);
    const [mail] = await mails(EMAIL, 'password_reset');
    expect(mail).toMatchObject({ locale: 'sv', subject: expect.stringContaining('lösenord') });
    expect(mail!.html_body).toContain('set_password=');
    expect(mail!.text_body).toContain('Länken gäller i 60 minuter och kan användas en gång.');
  });

  it('sets the password with the link once; the second use is refused', async () => {
    await postJson(api('/api/auth/forgot-password', 'fi'), { email: EMAIL });
    const [mail] = await mails(EMAIL, 'password_reset');
    expect(mail!.locale).toBe('fi');
    const token = linkToken(mail!.text_body);
    const first = await postJson(api('/api/auth/set-password'), { token, password: 'brand new secret' });
    expect(first.status).toBe(200);
    expect(first.json().user.id).toBe(ID);
    expect(setCookies(first).get('pf_access')?.attrs).toMatchObject({ httponly: '' });
    const second = await postJson(api('/api/auth/set-password'), { token, password: 'another secret' });
    expect(second.status).toBe(401);
    expect(second.json().error.code).toBe('invalid_token');
    // the new password works, the old one does not
    expect((await postJson(api('/api/auth/login'), { email: EMAIL, password: 'brand new secret' })).status).toBe(200);
    expect((await postJson(api('/api/auth/login'), { email: EMAIL, password: PASSWORD })).status).toBe(401);
  });

  it('refuses malformed tokens and short passwords with 400', async () => {
    for (const body of [{ token: 'short', password: 'long enough' }, { token: 'a'.repeat(43), password: 'short' }, {}]) {
      const r = await postJson(api('/api/auth/set-password'), body);
      expect(r.status).toBe(400);
      expect(r.json().error.code).toBe('invalid_request');
    }
  });
});

describe('login link', () => {
  it('signs in once with the `token` of the e-mailed link', async () => {
    const unknown = await postJson(api('/api/auth/login-link'), { email: NOBODY });
    const known = await postJson(api('/api/auth/login-link'), { email: EMAIL });
    expect(visible(unknown)).toEqual(visible(known));
    const mail = (await mails(EMAIL, 'login_link'))[0]!;
    expect(mail.text_body).toMatch(/\/\?token=/);
    expect(mail.text_body).toContain('15 minuter');
    const token = linkToken(mail.text_body);
    const first = await postJson(api('/api/auth/token-login'), { token });
    expect(first.status).toBe(200);
    expect(first.json().user).toMatchObject({ id: ID, email: EMAIL });
    expect((await request(api('/api/auth/profile'), { headers: cookieHeader(first) })).status).toBe(200);
    const again = await postJson(api('/api/auth/token-login'), { token });
    expect(again.status).toBe(401);
    expect(again.json().error.code).toBe('invalid_token');
  });

  it('does not take a token of another purpose', async () => {
    await postJson(api('/api/auth/forgot-password'), { email: EMAIL });
    const reset = await latestToken(EMAIL, 'password_reset');
    expect((await postJson(api('/api/auth/token-login'), { token: reset })).status).toBe(401);
    // … and refusing it did not use it up
    expect((await postJson(api('/api/auth/set-password'), { token: reset, password: 'links suite secret' })).status).toBe(200);
  });
});

describe('one-time tokens (time injected)', () => {
  it('work once, within their lifetime, for their purpose; a newer token retires the older', async () => {
    const t0 = Date.UTC(2026, 0, 1);
    const token = await issueOneTimeToken(h.db, { purpose: 'login_link', customerId: ID, ttlSeconds: 900, now: t0 });
    expect(await consumeOneTimeToken(h.db, token, 'login_link', t0 + 900_000)).toBeUndefined();
    const fresh = await issueOneTimeToken(h.db, { purpose: 'verify_email', customerId: ID, email: NEW_EMAIL, ttlSeconds: 900, now: t0 });
    expect(await consumeOneTimeToken(h.db, fresh, 'login_link', t0)).toBeUndefined();
    expect(await consumeOneTimeToken(h.db, fresh, 'verify_email', t0 + 899_000)).toEqual({ customerId: ID, email: NEW_EMAIL });
    expect(await consumeOneTimeToken(h.db, fresh, 'verify_email', t0 + 899_000)).toBeUndefined();
    const older = await issueOneTimeToken(h.db, { purpose: 'set_password', customerId: ID, ttlSeconds: 900, now: t0 });
    const newer = await issueOneTimeToken(h.db, { purpose: 'set_password', customerId: ID, ttlSeconds: 900, now: t0 });
    expect(await consumeOneTimeToken(h.db, older, 'set_password', t0)).toBeUndefined();
    expect(await consumeOneTimeToken(h.db, newer, 'set_password', t0)).toMatchObject({ customerId: ID });
    // only the hash is stored
    const stored = await h.db.selectFrom('auth_one_time_tokens').select('token_hash').where('customer_id', '=', ID).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(newer);
  });
});

describe('create an account from the login dialog', () => {
  it('creates a password-less account and mails the set-password link; an existing e-mail gets nothing, answered alike', async () => {
    const created = await postJson(api('/api/auth/register', 'nl'), { email: NEW_EMAIL, name: 'Nieuwe Klant' });
    const existing = await postJson(api('/api/auth/register', 'nl'), { email: EMAIL, name: 'Someone Else' });
    expect(created.status).toBe(202);
    expect(visible(existing)).toEqual(visible(created));
    const row = await h.db.selectFrom('customers').selectAll().where('email', '=', NEW_EMAIL).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Nieuwe Klant', password_hash: '' });
    expect((await h.db.selectFrom('customers').select('name').where('id', '=', ID).executeTakeFirstOrThrow()).name).toBe('Links Suite');
    expect(await mails(EMAIL, 'set_password')).toHaveLength(0);
    const [mail] = await mails(NEW_EMAIL, 'set_password');
    expect(mail).toMatchObject({ locale: 'nl', subject: expect.stringContaining('wachtwoord') });
    // no password yet: no login with the empty one
    expect((await postJson(api('/api/auth/login'), { email: NEW_EMAIL, password: ' ' })).status).toBe(401);
    const set = await postJson(api('/api/auth/set-password'), { token: linkToken(mail!.text_body), password: 'my first password' });
    expect(set.status).toBe(200);
    expect((await postJson(api('/api/auth/login'), { email: NEW_EMAIL, password: 'my first password' })).status).toBe(200);
  });
});

describe('change password', () => {
  it('needs a session and the current password; other sessions end, this one stays', async () => {
    const other = await postJson(api('/api/auth/login'), { email: EMAIL, password: 'links suite secret' });
    const mine = await postJson(api('/api/auth/login'), { email: EMAIL, password: 'links suite secret' });
    expect(mine.status).toBe(200);
    const anon = await postJson(api('/api/auth/change-password'), { current_password: 'x', password: 'whatever long' });
    expect(anon.status).toBe(401);
    expect(anon.json().error.code).toBe('unauthorized');
    const wrong = await postJson(
      api('/api/auth/change-password'),
      { current_password: 'wrong', password: 'changed secret' },
      cookieHeader(mine),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_credentials', field: 'current_password' });
    const missing = await postJson(api('/api/auth/change-password'), { password: 'changed secret' }, cookieHeader(mine));
    expect(missing.status).toBe(400);
    const ok = await postJson(
      api('/api/auth/change-password'),
      { current_password: 'links suite secret', password: 'changed secret' },
      cookieHeader(mine),
    );
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({ status: 'changed' });
    expect((await request(api('/api/auth/profile'), { headers: cookieHeader(mine) })).status).toBe(200);
    expect((await request(api('/api/auth/profile'), { headers: cookieHeader(other) })).status).toBe(401);
    expect((await postJson(api('/api/auth/login'), { email: EMAIL, password: 'changed secret' })).status).toBe(200);
  });

  it('takes a set-password token of the same customer instead of the current password, once', async () => {
    const mine = await postJson(api('/api/auth/login'), { email: EMAIL, password: 'changed secret' });
    const token = await issueOneTimeToken(h.db, { purpose: 'set_password', customerId: ID, ttlSeconds: 600 });
    const ok = await postJson(api('/api/auth/change-password'), { token, password: 'via token secret' }, cookieHeader(mine));
    expect(ok.status).toBe(200);
    const again = await postJson(api('/api/auth/change-password'), { token, password: 'via token again' }, cookieHeader(mine));
    expect(again.status).toBe(401);
    expect(again.json().error.code).toBe('invalid_token');
  });
});

describe('rate limits', () => {
  it('limits link requests per IP with 429 JSON', async () => {
    let status = 0;
    for (let i = 0; i < 15 && status !== 429; i++) status = (await postJson(api('/api/auth/forgot-password'), { email: NOBODY })).status;
    expect(status).toBe(429);
  });
  it('limits failed set-password and login-link guesses per IP', async () => {
    let status = 0;
    for (let i = 0; i < 15 && status !== 429; i++)
      status = (await postJson(api('/api/auth/token-login'), { token: 'b'.repeat(43) })).status;
    expect(status).toBe(429);
  });
});
