import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { adminCommand } from '#server/cli/admin-command.ts';
import { demoOwnerInvite } from '#server/staff/first-owner.ts';
import { acceptInvite } from '#server/staff/invites.ts';

let db: Db;
beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
});
afterAll(() => db.destroy());

const run = async (args: string[], env: Record<string, string | undefined> = {}) => {
  const lines: string[] = [];
  const code = await adminCommand(db, args, env, (l) => lines.push(l));
  return { code, lines };
};

describe('npm run admin -- create-owner', () => {
  it('explains its usage for anything else', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['create-owner', 'not-an-email'])).lines[0]).toMatch(/^usage:/);
  });

  it('queues an owner invitation and prints its link outside production only', async () => {
    const prod = await run(['create-owner', 'Boss@Example.com'], { NODE_ENV: 'production' });
    expect(prod.code).toBe(0);
    expect(prod.lines.join('\n')).not.toContain('/invite/');
    const dev = await run(['create-owner', 'boss2@example.com', '--sv'], {});
    expect(dev.code).toBe(0);
    const link = /set-password link: (\S+)/.exec(dev.lines.join('\n'))?.[1];
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    const mails = await db.selectFrom('mail_outbox').select(['recipient', 'kind', 'subject']).orderBy('created_at').execute();
    expect(mails).toEqual([
      expect.objectContaining({ recipient: 'boss@example.com', kind: 'staff_invite' }),
      expect.objectContaining({
        recipient: 'boss2@example.com',
        kind: 'staff_invite',
        subject: 'Din inbjudan till Partsfronts administration',
      }),
    ]);
    // once an owner exists, only --force invites another
    expect((await acceptInvite(db, link!.split('/').pop(), { name: 'Boss', password: 'a good password' })).kind).toBe('ok');
    const refused = await run(['create-owner', 'boss3@example.com']);
    expect(refused.code).toBe(1);
    expect(refused.lines[0]).toMatch(/an owner exists/);
    expect((await run(['create-owner', 'boss3@example.com', '--force'])).code).toBe(0);
    expect((await run(['create-owner', 'boss2@example.com', '--force'])).lines[0]).toMatch(/has a staff account/);
  });

  it('makes a demo owner invitation only outside production and only while nobody has an account', async () => {
    expect(await demoOwnerInvite(db, {})).toBeUndefined(); // Boss exists now
    const empty = openDb({ kind: 'sqlite', file: ':memory:' }).db;
    try {
      await migrate(empty);
      expect(await demoOwnerInvite(empty, { NODE_ENV: 'production' })).toBeUndefined();
      expect(await demoOwnerInvite(empty, {})).toMatch(/\/invite\//);
    } finally {
      await empty.destroy();
    }
  });
});
