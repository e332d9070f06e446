/**
 * Marketing e-mail and unsubscribe (docs/product/emails.md#marketing-e-mail-and-unsubscribe), on SQLite and
 * PostgreSQL: the /unsubscribe page as the server renders it (GET never unsubscribes, the button and an
 * RFC 8058 one-click POST do, a token cannot be bent to another address or storefront), the newsletter
 * command (who gets it, both headers, a rerun sends nothing twice), and the delivery worker skipping an
 * address that unsubscribed after its message was queued (a real SMTP server receives what is sent).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { request } from '#tests/support/http.ts';
import { insertCustomer, insertPaidOrder } from '#tests/support/test-customers.ts';
import { signUnsubscribeToken, unsubscribeKey } from '#server/mail/unsubscribe-tokens.ts';
import { newsletterCommand } from '#server/cli/newsletter-command.ts';
import { dedupeKeyOf, queueNewsletter } from '#server/mail/newsletter.ts';
import { deliverDueMail } from '#server/mail/deliver-mail.ts';
import { mailConfig } from '#server/mail/mail-config.ts';
import { smtpSender } from '#server/mail/smtp-sender.ts';
import { openTestDb, raw } from './api-support.ts';

let h: DbHandle;
const stamp = Date.now().toString(36);
const addr = (name: string) => `${name}-${stamp}@unsub.test`;
/** name → [marketing consent, storefronts with an order] */
const PEOPLE = {
  anna: [1, ['sv']],
  bert: [0, ['sv']],
  carl: [1, ['sv']], // unsubscribed before the newsletter
  dora: [1, ['nl']],
  erik: [1, ['sv']],
  frida: [1, ['sv']],
  gustav: [1, ['sv']],
} as const satisfies Record<string, readonly [number, readonly LocaleCode[]]>;
type Person = keyof typeof PEOPLE;
const ids = {} as Record<Person, number>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-newsletter-'));

async function tokenFor(email: string, locale: LocaleCode = 'sv'): Promise<string> {
  return signUnsubscribeToken(await unsubscribeKey(h.db), { email, locale });
}
const unsubscribeUrl = (token: string, locale: LocaleCode = 'sv') => raw(`/unsubscribe?unsub=${encodeURIComponent(token)}`, locale);
const get = (url: string) => request(url);
/** The page's own button: a same-origin form post. */
const confirm = (url: string) =>
  request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin },
    body: '',
  });
/** RFC 8058: what a mail provider posts — no Origin, no cookies. */
const oneClick = (url: string) =>
  request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

const customer = (p: Person) =>
  h.db.selectFrom('customers').select(['marketing_consent', 'marketing_consent_at']).where('id', '=', ids[p]).executeTakeFirstOrThrow();
const suppression = (p: Person) => h.db.selectFrom('mail_suppressions').selectAll().where('email', '=', addr(p)).executeTakeFirst();

beforeAll(async () => {
  h = openTestDb();
  const at = new Date().toISOString();
  for (const [name, [consent, stores]] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
    ids[name] = await insertCustomer(h.db, {
      email: addr(name),
      name,
      created_at: at,
      marketing_consent: consent,
      marketing_consent_at: consent ? at : null,
    });
    for (const locale of stores) {
      await insertPaidOrder(h.db, {
        id: `UN-${stamp}-${name}-${locale}`,
        locale,
        currency: locale === 'sv' ? 'SEK' : 'EUR',
        email: addr(name),
        customer_id: ids[name],
        created_at: at,
      });
    }
  }
});

afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await h.db.destroy();
});

describe('the unsubscribe page', () => {
  it('GET shows the masked address and a confirm button, and unsubscribes nobody', async () => {
    const token = await tokenFor(addr('erik'));
    const r = await get(unsubscribeUrl(token));
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toContain('<meta name="robots" content="noindex"');
    expect(r.body).toContain(`<form method="post" action="/unsubscribe?unsub=${token}" data-testid="unsubscribe-form">`);
    expect(r.body).toContain('data-testid="unsubscribe-confirm"');
    expect(r.body).toContain(`e***@unsub.test`);
    expect(r.body).not.toContain(addr('erik'));
    expect(await suppression('erik')).toBeUndefined();
    expect(await customer('erik')).toMatchObject({ marketing_consent: 1 });
  });

  it('the confirm button unsubscribes: suppressed, consent withdrawn; doing it again changes nothing', async () => {
    const url = unsubscribeUrl(await tokenFor(addr('erik')));
    const before = Date.now();
    const r = await confirm(url);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toContain('data-testid="unsubscribe-done"');
    expect(r.body).toContain('e***@unsub.test får inga fler nyhetsbrev');
    expect(r.body).not.toContain('data-testid="unsubscribe-form"');
    const row = await suppression('erik');
    expect(row).toMatchObject({ email: addr('erik'), locale: 'sv', reason: 'unsubscribe_link' });
    const c = await customer('erik');
    expect(c.marketing_consent).toBe(0);
    expect(Date.parse(c.marketing_consent_at!)).toBeGreaterThanOrEqual(before - 1000);
    const again = await confirm(url);
    expect(again.status).toBe(200);
    expect(again.body).toContain('data-testid="unsubscribe-done"');
    expect(await suppression('erik')).toEqual(row);
    expect(await customer('erik')).toEqual(c);
  });

  it('answers an RFC 8058 one-click POST without Origin with 200 and unsubscribes', async () => {
    const r = await oneClick(unsubscribeUrl(await tokenFor(addr('frida').toUpperCase())));
    expect(r.status).toBe(200);
    expect(await suppression('frida')).toMatchObject({ reason: 'one_click', locale: 'sv' });
    expect(await customer('frida')).toMatchObject({ marketing_consent: 0 });
  });

  it('a link cannot be changed to unsubscribe someone else', async () => {
    const mine = await tokenFor(addr('gustav'));
    const [, signature] = mine.split('.');
    const forged = `${Buffer.from(`1:sv:${addr('anna')}`).toString('base64url')}.${signature}`;
    for (const send of [get, confirm, oneClick]) {
      const r = await send(unsubscribeUrl(forged));
      expect(r.status).toBe(400);
      expect(r.body).toContain('data-testid="unsubscribe-invalid"');
      expect(r.body).not.toContain('a***@unsub.test');
    }
    expect(await suppression('anna')).toBeUndefined();
    expect(await customer('anna')).toMatchObject({ marketing_consent: 1 });
    expect(await suppression('gustav')).toBeUndefined();
  });

  it.each([
    ['no token', raw('/unsubscribe')],
    ['an empty token', raw('/unsubscribe?unsub=')],
    ['junk', raw('/unsubscribe?unsub=not-a-token')],
  ])('answers %s with the 400 page', async (_what, url) => {
    for (const send of [get, oneClick]) {
      const r = await send(url);
      expect(r.status).toBe(400);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body).toContain('Avregistreringslänken är ogiltig');
    }
  });

  it('refuses a Swedish link on the Dutch storefront (in Dutch), and takes it on its own', async () => {
    const token = await tokenFor(addr('gustav'), 'sv');
    for (const send of [get, confirm, oneClick]) {
      const r = await send(unsubscribeUrl(token, 'nl'));
      expect(r.status).toBe(400);
      expect(r.body).toContain('De afmeldlink is ongeldig');
    }
    expect(await suppression('gustav')).toBeUndefined();
    const nl = await get(unsubscribeUrl(await tokenFor(addr('gustav'), 'nl'), 'nl'));
    expect(nl.status).toBe(200);
    expect(nl.body).toContain('Wil je dat g***@unsub.test geen nieuwsbrieven');
  });

  it('answers other methods with 405', async () => {
    const r = await request(unsubscribeUrl(await tokenFor(addr('gustav'))), { method: 'PUT', body: '' });
    expect(r.status).toBe(405);
    expect(await suppression('gustav')).toBeUndefined();
  });
});

describe('npm run newsletter', () => {
  const campaign = `test-${stamp}`;
  const textFile = path.join(tmp, 'news.txt');
  const htmlFile = path.join(tmp, 'news.html');
  let out: string[] = [];
  const run = (...args: string[]) => newsletterCommand(h.db, args, (s) => out.push(s));
  const mine = () =>
    h.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', 'like', `marketing:${campaign}:%`).orderBy('recipient').execute();

  beforeAll(async () => {
    fs.writeFileSync(textFile, 'Vinterrea på filter.\n\nGäller till söndag.\n');
    fs.writeFileSync(htmlFile, '<h2>Vinterrea på filter</h2><p>Gäller till söndag.</p>');
    // Carl unsubscribed (from another storefront's link) before the newsletter went out.
    const r = await oneClick(unsubscribeUrl(await tokenFor(addr('carl'), 'da'), 'da'));
    expect(r.status).toBe(200);
  });

  it('refuses bad arguments with the usage', async () => {
    out = [];
    expect(await run('send', '--locale', 'se', '--subject', 'x', '--text-file', textFile)).toBe(2);
    expect(out.join('\n')).toContain('--locale');
    expect(out.join('\n')).toContain('usage: npm run newsletter');
    out = [];
    expect(await run('send', '--locale', 'sv', '--subject', 'x')).toBe(2);
    expect(out.join('\n')).toContain('--text-file');
    await expect(run('send', '--locale', 'sv', '--subject', 'x', '--text-file', path.join(tmp, 'missing.txt'))).rejects.toThrow(
      /cannot read the text file/,
    );
    expect(await mine()).toHaveLength(0);
  });

  it('a dry run counts and queues nothing', async () => {
    out = [];
    const args = ['send', '--locale', 'sv', '--subject', 'Vinterrea', '--text-file', textFile, '--campaign', campaign, '--dry-run'];
    expect(await run(...args)).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`^campaign ${campaign} \\(sv\\): \\d+ to queue, 0 already queued — dry run`));
    expect(await mine()).toHaveLength(0);
  });

  it('queues one message per consenting, not unsubscribed customer of the storefront, with both headers; a rerun queues none', async () => {
    out = [];
    const args = [
      'send',
      '--locale',
      'sv',
      '--subject',
      'Vinterrea',
      '--text-file',
      textFile,
      '--html-file',
      htmlFile,
      '--campaign',
      campaign,
    ];
    expect(await run(...args)).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`^campaign ${campaign} \\(sv\\): queued \\d+, 0 already queued`));
    const rows = (await mine()).filter((r) => r.recipient.endsWith(`-${stamp}@unsub.test`));
    // Not Bert (no consent), Carl (unsubscribed), Dora (a Dutch customer), Erik and Frida (unsubscribed above).
    expect(rows.map((r) => r.recipient)).toEqual([addr('anna'), addr('gustav')]);
    const anna = rows[0]!;
    expect(anna).toMatchObject({
      kind: 'marketing',
      locale: 'sv',
      subject: 'Vinterrea',
      status: 'outbox',
      dedupe_key: dedupeKeyOf(campaign, addr('anna')),
    });
    const headers = JSON.parse(anna.headers) as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https?:\/\/sv\.localhost(?::\d+)?\/unsubscribe\?unsub=([A-Za-z0-9_.-]+))>$/.exec(headers['List-Unsubscribe']!);
    expect(link).not.toBeNull();
    expect(anna.text_body).toMatch(/^Vinterrea på filter\.\n\nGäller till söndag\.\n\n-- \n/);
    expect(anna.text_body).toContain(`Avregistrera dig: ${link![1]}`);
    expect(anna.html_body).toContain('<h2>Vinterrea på filter</h2>');
    expect(anna.html_body).toContain(`<a href="${link![1]}"`);
    expect(anna.html_body).toContain('Du får det här nyhetsbrevet från');
    // Each recipient has their own link.
    expect(JSON.parse(rows[1]!.headers)['List-Unsubscribe']).not.toBe(headers['List-Unsubscribe']);

    out = [];
    expect(await run(...args)).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`queued 0, ${(await mine()).length} already queued`));
    expect((await mine()).filter((r) => r.recipient === addr('anna'))).toHaveLength(1);

    // The header's link is the recipient's own and works as a one-click unsubscribe on the server.
    const onServer = raw(`/unsubscribe?unsub=${link![2]}`);
    const page = await get(onServer);
    expect(page.status).toBe(200);
    expect(page.body).toContain('a***@unsub.test');
    expect((await oneClick(onServer)).status).toBe(200);
    expect(await suppression('anna')).toMatchObject({ reason: 'one_click' });
    expect(await customer('anna')).toMatchObject({ marketing_consent: 0 });
  });
});

describe('the delivery worker', () => {
  it('sends a queued newsletter through SMTP with both headers, and skips an address that unsubscribed after it was queued', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const sender = smtpSender(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`);
    try {
      // Another suite's leftovers must not be delivered here.
      await h.db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', 'in', ['queued', 'sending']).execute();
      // Gustav orders on the Dutch storefront too: with Dora, two Dutch customers get a Dutch newsletter.
      await h.db
        .insertInto('orders')
        .values({
          id: `UN-${stamp}-gustav-nl`,
          locale: 'nl',
          email: addr('gustav'),
          customer_id: ids.gustav,
          status: 'paid',
          currency: 'EUR',
          total: 1,
          items: '[]',
          created_at: new Date().toISOString(),
          checkout_id: null,
          total_minor: 100,
          payment_status: null,
          delivered_at: null,
        })
        .execute();
      const campaign = `worker-${stamp}`;
      const r = await queueNewsletter(
        h.db,
        { locale: 'nl', subject: 'Winteraanbieding', text: 'Filters -20 %.', html: null, id: campaign },
        { smtp: true },
      );
      expect(r.queued).toBeGreaterThanOrEqual(2);
      const rowOf = (who: Person) =>
        h.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('dedupe_key', '=', dedupeKeyOf(campaign, addr(who)))
          .executeTakeFirstOrThrow();
      expect(await rowOf('dora')).toMatchObject({ status: 'queued' });
      expect(await rowOf('gustav')).toMatchObject({ status: 'queued' });
      // Dora unsubscribes (from the Dutch page's button) before the worker runs.
      expect((await confirm(unsubscribeUrl(await tokenFor(addr('dora'), 'nl'), 'nl'))).status).toBe(200);

      await deliverDueMail(h.db, sender, mailConfig({}).from);
      const dora = await rowOf('dora');
      expect(dora).toMatchObject({ status: 'skipped', message_id: null, sent_at: null });
      expect(dora.last_error).toContain('unsubscribed');
      expect(await rowOf('gustav')).toMatchObject({ status: 'sent', attempts: 1 });
      expect(received.some((m) => m.includes(addr('dora')))).toBe(false);
      const gustav = received.find((m) => m.includes(`To: ${addr('gustav')}`));
      expect(gustav).toBeDefined();
      // The message's header block, unfolded (RFC 5322 §2.2.3: a long header may continue on the next line).
      const head = gustav!.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      const queued = JSON.parse((await rowOf('gustav')).headers) as Record<string, string>;
      expect(head).toContain(`List-Unsubscribe: ${queued['List-Unsubscribe']}`);
      expect(head).toMatch(/^List-Unsubscribe: <http:\/\/nl\.localhost(:\d+)?\/unsubscribe\?unsub=[A-Za-z0-9_.-]+>\r?$/m);
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      // A second pass sends nothing more, and does not resurrect the skipped one.
      const count = received.length;
      await deliverDueMail(h.db, sender, mailConfig({}).from);
      expect(received).toHaveLength(count);
      expect(await rowOf('dora')).toMatchObject({ status: 'skipped' });
    } finally {
      sender.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
