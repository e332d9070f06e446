/** The SMTP sender keeps its connections open between mails (docs/product/emails.md#configuration). */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { smtpSender, type MailSender } from '#server/mail/smtp-sender.ts';

let smtp: SMTPServer;
let connections = 0;
const sessionsOf: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, cb) {
      connections++;
      cb();
    },
    onData(stream, session, cb) {
      stream.resume();
      stream.on('end', () => {
        sessionsOf.push(session.id);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const mail = (n: number) => ({
  from: 'order@partsfront.test',
  to: `buyer${n}@example.test`,
  subject: `Mail ${n}`,
  text: 'hello',
  html: '<p>hello</p>',
  headers: {},
});

describe('smtpSender', () => {
  it('sends mail after mail over one pooled connection', async () => {
    const sender: MailSender = smtpSender(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`);
    try {
      for (const n of [1, 2, 3]) expect((await sender.send(mail(n))).messageId).not.toBe('');
    } finally {
      sender.close();
    }
    expect(sessionsOf).toHaveLength(3);
    // without the pool each mail opens its own connection (three sessions)
    expect(new Set(sessionsOf).size).toBe(1);
    expect(connections).toBe(1);
  });
});
