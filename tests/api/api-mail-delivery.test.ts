/**
 * E-mail delivery through real SMTP (docs/product/emails.md#delivery), on SQLite and PostgreSQL: a local
 * SMTP server (smtp-server, the library nodemailer's authors test with) receives what the outbox sends.
 * Retries, permanent refusals, a relay that is down, and two delivery passes racing for one message.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { DbHandle } from '#server/db/connection.ts';
import { openTestDb } from './api-support.ts';
import { enqueueMail, readMail, requeueMail } from '#server/mail/outbox.ts';
import { deliverDueMail } from '#server/mail/deliver-mail.ts';
import { smtpSender, type MailSender } from '#server/mail/smtp-sender.ts';
import { mailConfig } from '#server/mail/mail-config.ts';
import type { OutgoingMail } from '#lib/mail/mail-message.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let h: DbHandle;
let smtp: SMTPServer;
let sender: MailSender;
let received: Received[] = [];
/** What the next RCPT TO answers: accept, or an SMTP error code. */
let refuseWith: number | null = null;
const from = mailConfig({}).from;

const mail = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
  kind: 'order_confirmation',
  locale: 'sv',
  to: `kund-${Math.random().toString(36).slice(2)}@example.se`,
  subject: 'Order 100107 confirmed',
  text: 'Thank you for your order 100107.',
  html: '<p>Thank you for your order <b>100107</b>.</p>',
  ...over,
});

const clearQueue = () => h.db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', 'in', ['queued', 'sending']).execute();

beforeAll(async () => {
  h = openTestDb();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (refuseWith === null) return cb();
      const err = Object.assign(new Error(`refused with ${refuseWith}`), { responseCode: refuseWith });
      cb(err);
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  sender = smtpSender(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  sender.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await h.db.destroy();
});

beforeEach(async () => {
  received = [];
  refuseWith = null;
  await clearQueue();
});

describe('the outbox', () => {
  it('without SMTP the row is the delivery, readable with both parts', async () => {
    const m = mail();
    const id = await enqueueMail(h.db, m, { smtp: false });
    const row = await readMail(h.db, id);
    expect(row).toMatchObject({ status: 'outbox', recipient: m.to, subject: m.subject, text_body: m.text, html_body: m.html, attempts: 0 });
  });

  it('one business fact is one message however often it is enqueued', async () => {
    const key = `order_confirmation:${Math.random()}`;
    const a = await enqueueMail(h.db, mail({ dedupeKey: key }), { smtp: true });
    const b = await enqueueMail(h.db, mail({ dedupeKey: key, subject: 'again' }), { smtp: true });
    expect(b).toBe(a);
    const rows = await h.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('Order 100107 confirmed');
  });
});

describe('delivery through SMTP', () => {
  it('sends a due message once, with the storefront sender, both parts and extra headers', async () => {
    const m = mail({ locale: 'no', headers: { 'List-Unsubscribe': '<https://no.localhost/unsubscribe?t=abc>' } });
    const id = await enqueueMail(h.db, m, { smtp: true });
    expect(await deliverDueMail(h.db, sender, from)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.to).toEqual([m.to]);
    expect(got.from).toBe('order@no.localhost');
    expect(got.raw).toContain('From: Reservedelsfronten <order@no.localhost>');
    expect(got.raw).toContain('Subject: Order 100107 confirmed');
    expect(got.raw).toContain('List-Unsubscribe: <https://no.localhost/unsubscribe?t=abc>');
    expect(got.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(got.raw).toContain('Content-Type: text/plain');
    expect(got.raw).toContain('Content-Type: text/html');
    const row = await readMail(h.db, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row!.message_id).toMatch(/^<.+@.+>$/);
    expect(await deliverDueMail(h.db, sender, from)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
  });

  it('a temporary refusal is retried on the schedule, then delivered', async () => {
    const start = new Date();
    const id = await enqueueMail(h.db, mail(), { smtp: true, now: start });
    refuseWith = 451;
    expect(await deliverDueMail(h.db, sender, from, start)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const waiting = await readMail(h.db, id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.last_error).toContain('451');
    expect(Date.parse(waiting!.next_attempt_at) - Date.now()).toBeGreaterThan(50_000);
    refuseWith = null;
    expect(await deliverDueMail(h.db, sender, from, new Date())).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await deliverDueMail(h.db, sender, from, new Date(Date.now() + 61_000))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await readMail(h.db, id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a permanent refusal fails at once and stays for an operator to requeue', async () => {
    const id = await enqueueMail(h.db, mail(), { smtp: true });
    refuseWith = 550;
    expect(await deliverDueMail(h.db, sender, from)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await readMail(h.db, id)).toMatchObject({ status: 'failed', attempts: 1 });
    refuseWith = null;
    expect(await requeueMail(h.db, id)).toBe(true);
    expect(await deliverDueMail(h.db, sender, from)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
  });

  it('a relay that is down loses nothing', async () => {
    const id = await enqueueMail(h.db, mail(), { smtp: true });
    const down = smtpSender('smtp://127.0.0.1:9'); // discard port: nothing listens
    try {
      expect(await deliverDueMail(h.db, down, from)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    } finally {
      down.close();
    }
    expect(await readMail(h.db, id)).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('two passes racing for the same messages send each once', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => enqueueMail(h.db, mail(), { smtp: true })));
    const [a, b] = await Promise.all([deliverDueMail(h.db, sender, from), deliverDueMail(h.db, sender, from)]);
    expect(a.sent + b.sent).toBe(5);
    expect(received).toHaveLength(5);
    for (const id of ids) expect(await readMail(h.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
