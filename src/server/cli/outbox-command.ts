/**
 * `npm run outbox`: the developer's and operator's view of sent and unsent e-mail (docs/product/emails.md#the-outbox).
 *   npm run outbox                        the 20 newest messages
 *   npm run outbox -- show <id|latest>    one message, plain text (add --html for the HTML part)
 *   npm run outbox -- retry <id>          queue a failed message again (SMTP configured)
 *   npm run outbox -- deliver             one delivery pass now (SMTP configured)
 */
import type { Db } from '#server/db/connection.ts';
import { listMail, readMail, requeueMail, type MailRow } from '#server/mail/outbox.ts';
import { mailConfig } from '#server/mail/mail-config.ts';
import { deliverDueMail } from '#server/mail/deliver-mail.ts';
import { smtpSender } from '#server/mail/smtp-sender.ts';

const line = (r: MailRow) =>
  `${r.created_at.slice(0, 19).replace('T', ' ')}  ${r.status.padEnd(7)}  ${r.kind.padEnd(26)}  ${r.locale}  ${r.recipient}  ${r.subject}  [${r.id}]`;

export async function outboxCommand(db: Db, args: string[], print: (s: string) => void = console.log): Promise<number> {
  const [command = 'list', id] = args.filter((a) => !a.startsWith('--'));
  if (command === 'list') {
    const rows = await listMail(db, { limit: 20 });
    print(rows.length ? rows.map(line).join('\n') : 'the outbox is empty');
    return 0;
  }
  if (command === 'show') {
    const row = id === 'latest' || !id ? (await listMail(db, { limit: 1 }))[0] : await readMail(db, id);
    if (!row) return (print(`no message ${id ?? ''}`.trim()), 1);
    const headers = Object.entries(JSON.parse(row.headers) as Record<string, string>).map(([k, v]) => `${k}: ${v}`);
    print(
      [`To: ${row.recipient}`, `Subject: ${row.subject}`, `Status: ${row.status} (${row.attempts} attempts)`, ...headers, ''].join('\n'),
    );
    print(args.includes('--html') ? row.html_body : row.text_body);
    if (row.last_error) print(`\nlast error: ${row.last_error}`);
    return 0;
  }
  const { smtpUrl, from } = mailConfig();
  if (command === 'retry') {
    if (!id) return (print('usage: npm run outbox -- retry <id>'), 1);
    const ok = await requeueMail(db, id);
    print(ok ? `queued ${id}` : `${id} is not a failed or outbox message`);
    return ok ? 0 : 1;
  }
  if (command === 'deliver') {
    if (!smtpUrl) return (print('SMTP_URL is not set: messages stay in the outbox (docs/product/emails.md)'), 1);
    const sender = smtpSender(smtpUrl);
    try {
      const s = await deliverDueMail(db, sender, from);
      print(`sent ${s.sent}, retrying ${s.retrying}, failed ${s.failed}`);
    } finally {
      sender.close();
    }
    return 0;
  }
  print('usage: npm run outbox [-- show <id|latest> [--html] | retry <id> | deliver]');
  return 1;
}
