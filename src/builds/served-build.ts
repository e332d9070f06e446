/**
 * The build every node serves, recorded in the database (`served_build`, one row; docs/adr/0010-several-nodes-on-one-postgresql.md#rebuilds-reach-every-node):
 * written once a rebuild's directory is complete and builds/current points at it; each node polls it
 * (build-poll.ts) and switches when it names another build that exists in its own builds/ directory.
 */
import type { Db } from '#server/db/connection.ts';

/** A build's name is one directory name under builds/: never a path (the row must not point a node elsewhere). */
export const isBuildName = (name: string) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(name) && !name.includes('..');

export interface ServedBuild {
  name: string;
  recordedAt: string;
}

export async function recordServedBuild(db: Db, name: string, now = new Date()): Promise<void> {
  if (!isBuildName(name)) throw new Error(`not a build directory name: ${JSON.stringify(name)}`);
  const recorded_at = now.toISOString();
  await db
    .insertInto('served_build')
    .values({ id: 1, name, recorded_at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name, recorded_at }))
    .execute();
}

export async function readServedBuild(db: Db): Promise<ServedBuild | undefined> {
  const row = await db.selectFrom('served_build').select(['name', 'recorded_at']).where('id', '=', 1).executeTakeFirst();
  return row ? { name: row.name, recordedAt: row.recorded_at } : undefined;
}
