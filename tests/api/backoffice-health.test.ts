/**
 * The back office's health page (docs/product/back-office.md#health): the outbox by state with a confirmed,
 * audited "send again" that a repeat does not redo, client errors grouped by message, reconciliation outcomes,
 * and who may see and act.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from './api-support.ts';
import { clientErrorRow, outboxRow } from '#tests/support/queue-rows.ts';
import { boGet, boPost, staffSession, type StaffSession } from './backoffice-session.ts';
import type { DbHandle } from '#server/db/connection.ts';

let h: DbHandle;
let staff: StaffSession;
const tag = randomUUID().slice(0, 8);
const failedId = randomUUID();
const sentId = randomUUID();
const heldId = randomUUID();

beforeAll(async () => {
  h = openTestDb();
  staff = await staffSession(h, 'staff');
  const now = new Date().toISOString();
  const mail = (id: string, status: string, subject: string) =>
    outboxRow({
      id,
      status,
      createdAt: now,
      subject,
      recipient: `health-${tag}@example.se`,
      attempts: status === 'failed' ? 5 : 1,
      lastError: status === 'failed' ? '550 mailbox unavailable' : null,
      sentAt: status === 'sent' ? now : null,
    });
  await h.db
    .insertInto('mail_outbox')
    .values([mail(failedId, 'failed', `Failed ${tag}`), mail(sentId, 'sent', `Sent ${tag}`), mail(heldId, 'outbox', `Held ${tag}`)])
    .execute();
  const error = (message: string, locale: string) => clientErrorRow(message, now, locale);
  await h.db
    .insertInto('client_errors')
    .values([error(`TypeError ${tag}`, 'sv'), error(`TypeError ${tag}`, 'nl'), error(`TypeError ${tag}`, 'sv')])
    .execute();
});
afterAll(async () => {
  await h.db.destroy();
});

const rowOf = (html: string, id: string) => new RegExp(`<tr[^>]*data-id="${id}"[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[0] ?? '';

describe('the health page', () => {
  it('lists the outbox filtered by state, and groups client errors by message with their storefronts', async () => {
    const failed = await boGet('/health?state=failed&size=100', staff.cookie);
    expect(failed.status).toBe(200);
    expect(failed.body).toContain('data-testid="bo-outbox"');
    expect(rowOf(failed.body, failedId)).toContain('550 mailbox unavailable');
    expect(rowOf(failed.body, failedId)).toContain('data-testid="bo-outbox-resend"');
    expect(failed.body).not.toContain(sentId);
    const sent = await boGet('/health?state=sent&size=100', staff.cookie);
    expect(rowOf(sent.body, sentId)).toContain(`Sent ${tag}`);
    expect(rowOf(sent.body, sentId)).not.toContain('bo-outbox-resend');
    // held without SMTP: sending it again would only queue it where nothing sends it
    const held = await boGet('/health?state=outbox&size=100', staff.cookie);
    expect(rowOf(held.body, heldId)).toContain(`Held ${tag}`);
    expect(rowOf(held.body, heldId)).not.toContain('bo-outbox-resend');

    const group = new RegExp(`<tr data-testid="bo-error-row">[\\s\\S]*?TypeError ${tag}[\\s\\S]*?</tr>`).exec(failed.body)?.[0] ?? '';
    expect(group).toMatch(/data-cell="count">3</);
    expect(group).toContain('nl, sv');
    expect(failed.body).toContain('data-testid="bo-reconciliation"');
  });

  it('answers bad filters with 400 and a notice naming them', async () => {
    const r = await boGet('/health?state=lost&days=2', staff.cookie);
    expect(r.status).toBe(400);
    expect(r.body).toContain('data-testid="bo-health-problems"');
    expect(r.body).toContain('<code>state</code>');
    expect(r.body).toContain('<code>days</code>');
  });

  it('sends a failed e-mail again after the confirm step, audited once; a repeat changes nothing', async () => {
    const ask = await boPost('/health', { _csrf: staff.csrf, action: 'resend', id: failedId }, staff.cookie);
    expect(ask.status).toBe(200);
    expect(ask.body).toContain('data-testid="bo-confirm"');
    expect(ask.body).toContain(`Failed ${tag}`);
    expect((await h.db.selectFrom('mail_outbox').select('status').where('id', '=', failedId).executeTakeFirstOrThrow()).status).toBe(
      'failed',
    );

    const done = await boPost('/health', { _csrf: staff.csrf, action: 'resend', id: failedId, step: 'confirm' }, staff.cookie);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/health?done=resent');
    const row = await h.db.selectFrom('mail_outbox').select(['status', 'attempts']).where('id', '=', failedId).executeTakeFirstOrThrow();
    expect(row.status).not.toBe('failed');
    expect(Number(row.attempts)).toBeLessThan(5);
    const again = await boPost('/health', { _csrf: staff.csrf, action: 'resend', id: failedId, step: 'confirm' }, staff.cookie);
    expect(again.headers.location).toBe('/health?done=unchanged');
    const audit = await h.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'health.resend_mail')
      .where('subject_id', '=', failedId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ status: 'failed', attempts: 5 });
  });

  it('refuses what a role may not do, a missing CSRF token, another origin and an unknown e-mail', async () => {
    const editor = await staffSession(h, 'editor');
    expect((await boGet('/health', editor.cookie)).status).toBe(403);
    const readOnly = await staffSession(h, 'read_only');
    expect((await boGet('/health', readOnly.cookie)).status).toBe(200);
    expect((await boGet('/health', readOnly.cookie)).body).not.toContain('bo-outbox-resend');
    expect((await boPost('/health', { _csrf: readOnly.csrf, action: 'resend', id: sentId }, readOnly.cookie)).status).toBe(403);
    expect((await boPost('/health', { action: 'resend', id: sentId }, staff.cookie)).status).toBe(403);
    expect((await boPost('/health', { _csrf: staff.csrf, action: 'resend', id: sentId }, staff.cookie, 'http://sv.localhost')).status).toBe(
      403,
    );
    expect((await boPost('/health', { _csrf: staff.csrf, action: 'resend', id: randomUUID() }, staff.cookie)).status).toBe(404);
    expect((await boPost('/health', { _csrf: staff.csrf, action: 'explode' }, staff.cookie)).status).toBe(400);
    expect((await boGet('/health')).status).toBe(303);
  });
});
