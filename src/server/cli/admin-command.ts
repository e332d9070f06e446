/**
 * `npm run admin -- create-owner <email> [--force] [--sv]` (docs/product/back-office.md#the-first-owner): invites
 * an owner by e-mail through the mail outbox; outside production it also prints the set-password link.
 */
import type { Db } from '#server/db/connection.ts';
import { createOwnerInvite } from '#server/staff/first-owner.ts';

const USAGE = 'usage: npm run admin -- create-owner <email> [--force] [--sv]';

export async function adminCommand(
  db: Db,
  args: string[],
  env: Record<string, string | undefined> = process.env,
  print: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<number> {
  const [command, ...rest] = args;
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const [email] = rest.filter((a) => !a.startsWith('--'));
  if (command !== 'create-owner' || !email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    print(USAGE);
    return 2;
  }
  const r = await createOwnerInvite(db, email, { force: flags.has('--force'), locale: flags.has('--sv') ? 'sv' : 'en' });
  if (r.kind === 'owner_exists') {
    print('an owner exists already: owners invite staff from the back office (or add --force)');
    return 1;
  }
  if (r.kind === 'account_exists') {
    print(`${email} has a staff account already`);
    return 1;
  }
  print(`invitation for ${email.toLowerCase()} (owner) queued in the mail outbox; the link works once, for 48 hours`);
  if (env.NODE_ENV !== 'production') print(`set-password link: ${r.url}`);
  return 0;
}
