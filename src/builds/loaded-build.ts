/** A build loaded into this process: its folder, its static files and Astro's request handler for the rest. */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => Promise<void> | void;

export interface Build {
  dir: string;
  clientDir: string;
  handler: AstroHandler;
}

export async function loadBuild(dir: string): Promise<Build> {
  const abs = path.resolve(dir);
  const entry = path.join(abs, 'server', 'entry.mjs');
  if (!fs.statSync(entry, { throwIfNoEntry: false })?.isFile()) throw new Error(`no build at ${abs} (missing server/entry.mjs): run npm run build`);
  const mod = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  return { dir: abs, clientDir: path.join(abs, 'client'), handler: mod.handler };
}
