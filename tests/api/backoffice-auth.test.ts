/**
 * The back office's foundation over HTTP (docs/product/back-office.md): host isolation, sign-in and its limits,
 * TOTP, CSRF and Origin checks, roles, invitations, the last owner, and the audit log — on the engine under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP, Secret } from 'otpauth';
import { request, type TestResponse } from '#tests/support/http.ts';
import { openTestDb, port, raw } from './api-support.ts';
import { accountCookies } from './account-session.ts';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { insertStaff, staffByEmail } from '#server/staff/staff-accounts.ts';
import { inviteStaff } from '#server/staff/invites.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import type { StaffRole } from '#lib/staff/permissions.ts';
import type { DbHandle } from '#server/db/connection.ts';

const ADMIN = `http://admin.localhost:${port}`;
const PASSWORD = 'correct horse battery';
let h: DbHandle;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const get = (path: string, cookie = '') => request(`${ADMIN}${path}`, { headers: cookie ? { cookie } : {} });
const post = (path: string, fields: Record<string, string>, cookie = '', origin: string | null = ADMIN) =>
  request(`${ADMIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
    body: form(fields),
  });
const staffCookie = (r: TestResponse) =>
  (r.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith('pf_staff=') && c !== 'pf_staff=');
const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const totpCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

async function member(email: string, role: StaffRole) {
  return insertStaff(h.db, { email, name: email.split('@')[0]!, role, locale: 'en', passwordHash: await hashPassword(PASSWORD) });
}

/** Signs in (no TOTP) and answers the cookie and the CSRF token of the dashboard. */
async function signIn(email: string, password = PASSWORD): Promise<{ cookie: string; csrf: string }> {
  const r = await post('/login', { step: 'password', email, password, next: '/' });
  expect(r.status, r.body).toBe(303);
  const cookie = staffCookie(r)!;
  const page = await get('/', cookie);
  expect(page.status).toBe(200);
  return { cookie, csrf: csrfOf(page.body) };
}

const auditOf = (action: string, subjectId?: string) => {
  let q = h.db.selectFrom('staff_audit').selectAll().where('action', '=', action);
  if (subjectId) q = q.where('subject_id', '=', subjectId);
  return q.orderBy('at', 'desc').execute();
};

let owner: { cookie: string; csrf: string };

beforeAll(async () => {
  h = openTestDb();
  await member('owner@bo.test', 'owner');
  owner = await signIn('owner@bo.test');
});
afterAll(async () => {
  await h.db.destroy();
});

describe('the admin host', () => {
  it('serves the back office with no-store, DENY framing, a strict CSP and noindex', async () => {
    const r = await get('/login');
    expect(r.status).toBe(200);
    expect(r.body).toContain('data-testid="bo-login"');
    expect(r.body).toContain('<meta name="robots" content="noindex">');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['content-security-policy']).not.toContain("'unsafe-inline' 'self'");
    expect(r.headers['content-security-policy']).toMatch(/script-src 'self'(?! 'unsafe-inline')/);
  });

  it('is not reachable from a storefront host, and storefront pages are not reachable from it', async () => {
    expect((await request(raw('/backoffice/login'))).status).toBe(404);
    expect((await request(raw('/backoffice'))).status).toBe(404);
    expect((await get('/api/products?locale=sv&sid=1')).status).toBe(404);
    expect((await get('/sv')).status).toBe(404);
  });

  it('sends a visitor without a session to the sign-in page, whatever storefront cookies it has', async () => {
    const customer = await accountCookies(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const r = await get('/', customer);
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/login');
    expect((await get('/audit', customer)).headers.location).toBe('/login?next=%2Faudit');
  });
});

describe('sign-in', () => {
  it('sets a host-only, httpOnly, SameSite=Strict session cookie and records the sign-in', async () => {
    const r = await post('/login', { step: 'password', email: 'Owner@BO.test', password: PASSWORD, next: '/audit' });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/audit');
    const set = (r.headers['set-cookie'] ?? []).find((c) => c.startsWith('pf_staff='))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Strict/i);
    expect(set).toMatch(/Path=\//);
    expect(set).not.toMatch(/Domain=/i);
    expect(set).not.toMatch(/Secure/i); // plain http here; Secure over https
    const audit = await get('/audit', staffCookie(r)!);
    expect(audit.status).toBe(200);
    expect(audit.body).toContain('data-testid="bo-audit"');
    expect(audit.body).toMatch(/data-action="sign_in"/);
  });

  it('refuses a wrong password with the sign-in page and records the failure without the password', async () => {
    const r = await post('/login', { step: 'password', email: 'owner@bo.test', password: 'wrong password 1', next: '/' });
    expect(r.status).toBe(401);
    expect(r.body).toContain('data-testid="bo-login-error"');
    expect(staffCookie(r)).toBeUndefined();
    const rows = await auditOf('sign_in_failed');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('wrong password 1');
  });

  it('locks an account after more than 5 failures: the right password then answers the same refusal', async () => {
    await member('locked@bo.test', 'staff');
    for (let i = 0; i < 6; i++)
      expect((await post('/login', { step: 'password', email: 'locked@bo.test', password: `nope-${i}-xx` })).status).toBe(401);
    const r = await post('/login', { step: 'password', email: 'locked@bo.test', password: PASSWORD });
    expect(r.status).toBe(401);
    expect(r.body).toContain('data-testid="bo-login-error"');
    expect(staffCookie(r)).toBeUndefined();
  });

  it('refuses a sign-in form posted from another origin', async () => {
    const r = await post('/login', { step: 'password', email: 'owner@bo.test', password: PASSWORD }, '', 'http://sv.localhost:' + port);
    expect(r.status).toBe(403);
    expect(staffCookie(r)).toBeUndefined();
  });

  it('signs out on POST: the cookie no longer opens the back office', async () => {
    const s = await signIn('owner@bo.test');
    const r = await post('/logout', { _csrf: s.csrf }, s.cookie);
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/login?signed_out=1');
    expect((await get('/', s.cookie)).status).toBe(303);
  });
});

describe('CSRF and Origin', () => {
  it('refuses a post without the token, with a wrong one, or from another host, and changes nothing', async () => {
    const target = await member('target@bo.test', 'staff');
    const act = { action: 'disable', id: target.id, step: 'confirm' };
    const missing = await post('/staff', act, owner.cookie);
    expect(missing.status).toBe(403);
    expect(missing.body).toContain('data-testid="bo-forbidden"');
    expect((await post('/staff', { ...act, _csrf: 'x'.repeat(43) }, owner.cookie)).status).toBe(403);
    expect((await post('/staff', { ...act, _csrf: owner.csrf }, owner.cookie, `http://sv.localhost:${port}`)).status).toBe(403);
    expect((await post('/staff', { ...act, _csrf: owner.csrf }, owner.cookie, null)).status).toBe(403);
    const json = await request(`${ADMIN}/staff`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', cookie: owner.cookie, origin: ADMIN },
      body: form(act),
    });
    expect(json.status).toBe(403);
    expect(json.json<{ error: { code: string } }>().error.code).toBe('forbidden');
    expect((await staffByEmail(h.db, 'target@bo.test'))?.disabled_at).toBeNull();
    // with the token the same post works
    expect((await post('/staff', { ...act, _csrf: owner.csrf }, owner.cookie)).status).toBe(303);
    expect((await staffByEmail(h.db, 'target@bo.test'))?.disabled_at).not.toBeNull();
  });
});

describe('roles', () => {
  it('refuses each role what it may not do', async () => {
    await member('reader@bo.test', 'read_only');
    await member('worker@bo.test', 'staff');
    await member('writer@bo.test', 'editor');
    const reader = await signIn('reader@bo.test');
    const worker = await signIn('worker@bo.test');
    const writer = await signIn('writer@bo.test');
    const victim = (await staffByEmail(h.db, 'worker@bo.test'))!;
    // read-only cannot act: a post to the staff page with its own valid token
    expect((await post('/staff', { _csrf: reader.csrf, action: 'disable', id: victim.id, step: 'confirm' }, reader.cookie)).status).toBe(
      403,
    );
    expect((await get('/staff', reader.cookie)).status).toBe(403);
    // staff cannot manage staff or read the audit log
    expect((await post('/staff', { _csrf: worker.csrf, action: 'invite', email: 'x@bo.test', role: 'owner' }, worker.cookie)).status).toBe(
      403,
    );
    expect((await get('/audit', worker.cookie)).status).toBe(403);
    // editor: the dashboard, nothing of staff
    expect((await get('/', writer.cookie)).status).toBe(200);
    expect((await get('/staff', writer.cookie)).status).toBe(403);
    expect((await staffByEmail(h.db, 'worker@bo.test'))?.disabled_at).toBeNull();
    // the navigation shows only what the role may open
    const dash = await get('/', worker.cookie);
    expect(dash.body).not.toContain('href="/staff"');
    expect((await get('/', owner.cookie)).body).toContain('href="/staff"');
  });
});

describe('invitations', () => {
  it('invites by e-mail (outbox), and the link works once', async () => {
    const page = await post(
      '/staff',
      { _csrf: owner.csrf, action: 'invite', email: 'New.Member@bo.test', role: 'editor', locale: 'sv' },
      owner.cookie,
    );
    expect(page.status).toBe(200);
    const link = /data-testid="bo-invite-link"[^>]*>([^<]+)</.exec(page.body)?.[1]?.trim();
    expect(link).toMatch(/^http:\/\/admin\.localhost:\d+\/invite\/[A-Za-z0-9_-]{43}$/);
    const mail = await h.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', 'new.member@bo.test').executeTakeFirst();
    expect(mail?.kind).toBe('staff_invite');
    expect(mail?.text_body).toContain(link!);
    expect(mail?.subject).toContain('inbjudan'); // Swedish, as chosen
    const path = new URL(link!).pathname;
    expect((await get(path)).body).toContain('data-testid="bo-invite"');
    expect((await post(path, { name: 'Nina', password: 'short' })).status).toBe(400);
    const ok = await post(path, { name: 'Nina', password: PASSWORD });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/login');
    const created = await staffByEmail(h.db, 'new.member@bo.test');
    expect(created).toMatchObject({ name: 'Nina', role: 'editor', locale: 'sv' });
    expect(created?.password_hash).toMatch(/^\$argon2id\$/);
    const again = await post(path, { name: 'Mallory', password: 'another password' });
    expect(again.status).toBe(410);
    expect((await get(path)).status).toBe(410);
    expect((await signIn('new.member@bo.test')).csrf).not.toBe('');
  });

  it('refuses an expired invitation (48 h)', async () => {
    const { url } = await inviteStaff(
      h.db,
      { email: 'late@bo.test', role: 'staff', locale: 'en', invitedBy: null },
      Date.now() - 49 * 3600_000,
    );
    const path = new URL(url).pathname;
    const r = await get(path);
    expect(r.status).toBe(410);
    expect(r.body).toContain('data-testid="bo-invite-invalid"');
    expect((await post(path, { name: 'Late', password: PASSWORD })).status).toBe(410);
    expect(await staffByEmail(h.db, 'late@bo.test')).toBeUndefined();
  });
});

describe('staff management', () => {
  it('asks for confirmation, then changes a role with before and after in the audit log', async () => {
    const m = await member('promote@bo.test', 'staff');
    const first = await post('/staff', { _csrf: owner.csrf, action: 'role', id: m.id, role: 'read_only' }, owner.cookie);
    expect(first.status).toBe(200);
    expect(first.body).toContain('data-testid="bo-confirm"');
    expect((await staffByEmail(h.db, 'promote@bo.test'))?.role).toBe('staff');
    const done = await post('/staff', { _csrf: owner.csrf, action: 'role', id: m.id, role: 'read_only', step: 'confirm' }, owner.cookie);
    expect(done.status).toBe(303);
    expect((await staffByEmail(h.db, 'promote@bo.test'))?.role).toBe('read_only');
    const [row] = await auditOf('role_change', m.id);
    expect(JSON.parse(row!.before_json!)).toMatchObject({ role: 'staff' });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ role: 'read_only' });
    const self = await staffByEmail(h.db, 'owner@bo.test');
    expect(row!.staff_id).toBe(self!.id);
  });

  it('never demotes or disables the last owner', async () => {
    const self = (await staffByEmail(h.db, 'owner@bo.test'))!;
    const demote = await post('/staff', { _csrf: owner.csrf, action: 'role', id: self.id, role: 'staff', step: 'confirm' }, owner.cookie);
    expect(demote.status).toBe(409);
    expect(demote.body).toContain('data-testid="bo-staff-error"');
    const disable = await post('/staff', { _csrf: owner.csrf, action: 'disable', id: self.id, step: 'confirm' }, owner.cookie);
    expect(disable.status).toBe(409);
    expect(await staffByEmail(h.db, 'owner@bo.test')).toMatchObject({ role: 'owner', disabled_at: null });
  });
});

describe('audit log and language', () => {
  it('pages the log 50 at a time, newest first, filtered by action and by member', async () => {
    const m = await member('busy@bo.test', 'staff');
    const start = Date.now() - 3600_000;
    for (let i = 0; i < 60; i++)
      await recordStaffAction(h.db, { staff: m, action: 'test_paging', subject: { type: 'n', id: String(i) } }, new Date(start + i * 1000));
    const rowsOf = (html: string) => [...html.matchAll(/data-testid="bo-audit-row" data-action="([^"]+)"/g)].map((x) => x[1]);
    const first = await get('/audit?action=test_paging', owner.cookie);
    expect(rowsOf(first.body)).toHaveLength(50);
    expect(first.body.indexOf('n 59')).toBeLessThan(first.body.indexOf('n 58')); // newest first
    const second = await get('/audit?action=test_paging&page=2', owner.cookie);
    expect(rowsOf(second.body)).toHaveLength(10);
    expect(second.body).toContain('n 0');
    const byMember = await get(`/audit?staff=${m.id}`, owner.cookie);
    expect(new Set(rowsOf(byMember.body))).toEqual(new Set(['test_paging']));
  });

  it('switches a member to Swedish and back (saved, audited)', async () => {
    const s = await signIn('writer@bo.test');
    const r = await post('/language', { _csrf: s.csrf, locale: 'sv', back: '/' }, s.cookie);
    expect(r.status).toBe(303);
    const page = await get('/', s.cookie);
    expect(page.body).toContain('<html lang="sv"');
    expect(page.body).toContain('Översikt');
    expect((await auditOf('language'))[0]?.after_json).toBe('{"locale":"sv"}');
    expect((await post('/language', { locale: 'en', back: '/' }, s.cookie)).status).toBe(403); // without the token
    expect((await staffByEmail(h.db, 'writer@bo.test'))?.locale).toBe('sv');
  });

  it('a staff cookie opens nothing on a storefront host', async () => {
    expect((await request(raw('/backoffice'), { headers: { cookie: owner.cookie } })).status).toBe(404);
    expect((await request(raw('/backoffice/audit'), { headers: { cookie: owner.cookie } })).status).toBe(404);
  });
});

describe('TOTP', () => {
  it('when required for everyone: enrolment at sign-in, then a code at every sign-in', async () => {
    expect((await post('/staff', { _csrf: owner.csrf, action: 'settings', totp_required: '1' }, owner.cookie)).status).toBe(303);
    expect((await auditOf('settings'))[0]?.after_json).toBe('{"totp_required":true}');
    await member('second@bo.test', 'staff');
    try {
      const step1 = await post('/login', { step: 'password', email: 'second@bo.test', password: PASSWORD, next: '/' });
      expect(step1.status).toBe(303);
      expect(step1.headers.location).toBe('/login?next=%2F');
      const pending = staffCookie(step1)!;
      // a pending session opens nothing
      expect((await get('/', pending)).status).toBe(303);
      const enrol = await get('/login', pending);
      expect(enrol.body).toContain('data-testid="bo-enrol"');
      expect(enrol.body).toContain('<svg');
      const secret = /data-testid="bo-totp-secret">\s*([A-Z2-7]+)\s*</.exec(enrol.body)?.[1];
      expect(secret).toBeTruthy();
      expect((await post('/login', { step: 'code', code: '000000', next: '/' }, pending)).status).toBe(401);
      const done = await post('/login', { step: 'code', code: totpCode(secret!), next: '/' }, pending);
      expect(done.status).toBe(303);
      expect(done.headers.location).toBe('/');
      const active = staffCookie(done)!;
      expect(active).not.toBe(pending); // a new session token once the step is passed
      expect((await get('/', active)).status).toBe(200);
      expect((await staffByEmail(h.db, 'second@bo.test'))?.totp_enabled).toBe(1);
      // the next sign-in asks for the code
      const again = await post('/login', { step: 'password', email: 'second@bo.test', password: PASSWORD, next: '/' });
      const ask = await get('/login', staffCookie(again)!);
      expect(ask.body).toContain('data-testid="bo-totp-code"');
      expect(ask.body).not.toContain('data-testid="bo-enrol"');
      const ok = await post('/login', { step: 'code', code: totpCode(secret!), next: '/' }, staffCookie(again)!);
      expect(ok.status).toBe(303);
      expect((await get('/', staffCookie(ok)!)).status).toBe(200);
      expect((await auditOf('totp_enrolled')).length).toBe(1);
    } finally {
      await post('/staff', { _csrf: owner.csrf, action: 'settings' }, owner.cookie);
    }
  });
});
