import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ABANDONED_BUILD_MS, pruneBuilds } from '#builds/rebuild.ts';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A build directory; complete ones hold build-info.json (written last by a rebuild). */
function build(name: string, complete: boolean, ageMs = 0): string {
  const full = path.join(dir, name);
  fs.mkdirSync(path.join(full, 'server'), { recursive: true });
  if (complete) fs.writeFileSync(path.join(full, 'build-info.json'), '{}');
  const t = (Date.now() - ageMs) / 1000;
  fs.utimesSync(full, t, t);
  return full;
}
const left = () => fs.readdirSync(dir).sort();

describe('pruneBuilds', () => {
  it('keeps the newest complete builds besides the current one, whatever killed builds lie around', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-builds-'));
    build('20261124T100000Z-1', true);
    build('20261124T110000Z-1', true);
    build('20261124T120000Z-1', false, ABANDONED_BUILD_MS + 60_000); // killed long ago
    build('20261124T121000Z-1', false, ABANDONED_BUILD_MS + 60_000); // killed long ago
    build('20261124T125900Z-2', false); // another rebuild, still running
    const current = build('20261124T130000Z-1', true);
    pruneBuilds(dir, current, 1);
    expect(left()).toEqual(['20261124T110000Z-1', '20261124T125900Z-2', '20261124T130000Z-1']);
  });
});
