import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { outboxCommand } from '#server/cli/outbox-command.ts';

let h: DbHandle;
let out: string[];
const run = (...args: string[]) => outboxCommand(h.db, args, (s) => out.push(s));

beforeEach(async () => {
  h = openDb({ kind: 'sqlite', file: ':memory:' });
  await migrate(h.db);
  out = [];
});
afterEach(() => h.db.destroy());

const mail = {
  kind: 'order_confirmation',
  locale: 'da',
  to: 'kunde@example.dk',
  subject: 'Ordre 100107',
  text: 'Tak!',
  html: '<p>Tak!</p>',
} as const;

describe('npm run outbox', () => {
  it('lists messages newest first, and says when there are none', async () => {
    expect(await run()).toBe(0);
    expect(out).toEqual(['the outbox is empty']);
    out = [];
    await enqueueMail(h.db, mail, { smtp: false, now: new Date('2026-11-20T10:00:00Z') });
    await enqueueMail(h.db, { ...mail, subject: 'Ordre 100108' }, { smtp: false, now: new Date('2026-11-21T10:00:00Z') });
    await run('list');
    const lines = out[0]!.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Ordre 100108');
    expect(lines[0]).toMatch(/^2026-11-21 10:00:00 {2}outbox/);
  });

  it('shows one message as plain text or HTML', async () => {
    const id = await enqueueMail(h.db, { ...mail, headers: { 'List-Unsubscribe': '<x>' } }, { smtp: false });
    expect(await run('show', id)).toBe(0);
    expect(out.join('\n')).toContain('To: kunde@example.dk\nSubject: Ordre 100107\nStatus: outbox (0 attempts)\nList-Unsubscribe: <x>');
    expect(out.at(-1)).toBe('Tak!');
    out = [];
    await run('show', 'latest', '--html');
    expect(out.at(-1)).toBe('<p>Tak!</p>');
    expect(await run('show', 'no-such-id')).toBe(1);
  });

  it('requeues a message for SMTP and refuses unknown commands', async () => {
    const id = await enqueueMail(h.db, mail, { smtp: false });
    expect(await run('retry', id)).toBe(0);
    const row = await h.db.selectFrom('mail_outbox').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');
    expect(await run('retry', id)).toBe(1);
    expect(await run('frobnicate')).toBe(1);
    expect(out.at(-1)).toMatch(/^usage/);
  });
});
