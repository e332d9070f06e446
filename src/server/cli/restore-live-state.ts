/**
 * What a restore keeps of the database it replaces (docs/product/operations.md#after-a-restore): its counters and
 * the build the nodes serve.
 */
import type { Db } from '#server/db/connection.ts';

/** What a restore keeps from the database it replaces: its counters and the build the nodes serve. */
export interface LiveState {
  counters: Map<string, number>;
  servedBuild?: { name: string; recorded_at: string };
}

/** The live state of a database; empty for one without those tables (new, or too damaged to read). */
export async function readLiveState(db: Db): Promise<LiveState> {
  const state: LiveState = { counters: new Map() };
  try {
    state.counters = new Map((await db.selectFrom('counters').select(['name', 'value']).execute()).map((r) => [r.name, Number(r.value)]));
    state.servedBuild = await db.selectFrom('served_build').select(['name', 'recorded_at']).where('id', '=', 1).executeTakeFirst();
  } catch {
    // an older schema or a damaged file: nothing more to keep
  }
  return state;
}

/**
 * After a restore (docs/product/operations.md#after-a-restore): counters never go back — order numbers handed out
 * after the backup are not given again, and the change-feed positions running nodes applied stay behind every new
 * change — and the recorded build stays the one the nodes serve (an older record could switch them to a build of
 * an older release). Answers what it kept.
 */
export async function keepLiveState(db: Db, live: LiveState): Promise<string[]> {
  const kept: string[] = [];
  const restored = (await readLiveState(db)).counters;
  for (const [name, value] of live.counters) {
    const was = restored.get(name);
    if (was === undefined || was >= value) continue;
    await db.updateTable('counters').set({ value }).where('name', '=', name).where('value', '<', value).execute();
    kept.push(`counter ${name} at ${value} (the backup had ${was})`);
  }
  if (live.servedBuild) {
    const { name, recorded_at } = live.servedBuild;
    await db
      .insertInto('served_build')
      .values({ id: 1, name, recorded_at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name, recorded_at }))
      .execute();
    kept.push(`recorded build ${name}`);
  }
  return kept;
}
