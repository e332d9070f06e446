/**
 * The access-token key every node must share (docs/adr/0010-several-nodes-on-one-postgresql.md#shared-state).
 * PARTSFRONT_AUTH_SECRET is the configured key. Without it, the server entry loads (or creates, first insert
 * wins) one random key kept in the database (`shared_secrets`) and registers it here BEFORE it loads a build,
 * so a token issued by one node verifies on every other and survives restarts. tokens.ts reads it when its
 * module is evaluated; a process that registered nothing (CLI, astro dev) falls back to a random key.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';

const KEY = Symbol.for('partsfront.auth.sharedSecret');
const holder = globalThis as typeof globalThis & { [KEY]?: string };
const NAME = 'auth_tokens';

/** The registered database key, if the server entry registered one. */
export function registeredAuthSecret(): string | undefined {
  return holder[KEY];
}

/** Reads the stored key, creating it when missing (two nodes racing: the first insert wins, both read it). */
export async function loadSharedAuthSecret(db: Db, now = new Date()): Promise<string> {
  await db
    .insertInto('shared_secrets')
    .values({ name: NAME, secret: randomBytes(32).toString('hex'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('shared_secrets').select('secret').where('name', '=', NAME).executeTakeFirstOrThrow();
  return row.secret;
}

/** For the server entry: registers the stored key unless PARTSFRONT_AUTH_SECRET is configured. */
export async function registerSharedAuthSecret(db: Db, env: Record<string, string | undefined> = process.env): Promise<void> {
  if (env.PARTSFRONT_AUTH_SECRET) return;
  holder[KEY] = await loadSharedAuthSecret(db);
}
