/**
 * How a rebuild started inside the serving process reaches that process's HTTP host. A rebuild switch loads
 * a new build's bundle (its own copy of every module) into the same process, so the hook lives on
 * globalThis under one registered symbol: the host registers it once, any build's rebuild job calls it.
 */
type SwitchHook = (dir: string) => Promise<unknown>;
const KEY = Symbol.for('partsfront.switchBuild');
const holder = globalThis as typeof globalThis & { [KEY]?: SwitchHook };

export function registerSwitchHook(hook: SwitchHook): void {
  holder[KEY] = hook;
}

/** Switches the serving process to `dir`; without a registered host (astro dev, CLI) only builds/current moved. */
export async function switchServingBuild(dir: string): Promise<void> {
  await holder[KEY]?.(dir);
}
