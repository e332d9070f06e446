import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPollMs, createBuildPoll } from '#builds/build-poll.ts';
import { isBuildName, type ServedBuild } from '#builds/served-build.ts';

const buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-build-poll-'));
const addBuild = (name: string) => {
  fs.mkdirSync(path.join(buildsDir, name, 'server'), { recursive: true });
  fs.writeFileSync(path.join(buildsDir, name, 'server', 'entry.mjs'), '');
};
afterAll(() => fs.rmSync(buildsDir, { recursive: true, force: true }));

/** A node serving `first`, the record as the test sets it, and what the poll did. */
function node(first: string) {
  let served = path.join(buildsDir, first);
  let record: ServedBuild | undefined | Error;
  const switches: string[] = [];
  const logs: string[] = [];
  const poll = createBuildPoll({
    read: async () => {
      if (record instanceof Error) throw record;
      return record;
    },
    buildsDir,
    served: () => served,
    switchTo: async (dir) => {
      if (dir.endsWith('broken')) throw new Error('no entry');
      switches.push(path.basename(dir));
      served = dir;
    },
    log: (m) => logs.push(m),
  });
  return {
    poll,
    switches,
    logs,
    record: (name: string | Error | undefined) => {
      record = typeof name === 'string' ? { name, recordedAt: '2026-11-24T12:00:00.000Z' } : name;
    },
    sighup: (name: string) => {
      served = path.join(buildsDir, name);
    },
  };
}

describe('following the recorded build', () => {
  it('switches to a recorded build that exists here, once, and not back after a local switch', async () => {
    addBuild('b1');
    addBuild('b2');
    const n = node('b1');
    expect(await n.poll()).toBe('none');
    n.record('b1');
    expect(await n.poll()).toBe('same');
    n.record('b2');
    expect(await n.poll()).toBe('switched');
    expect(await n.poll()).toBe('same');
    expect(n.switches).toEqual(['b2']);
    // an operator's SIGHUP roll-back on this node stays until a new build is recorded
    n.sighup('b1');
    expect(await n.poll()).toBe('same');
    expect(n.switches).toEqual(['b2']);
  });

  it('keeps serving while the recorded build is missing here (logged once), and switches when it arrives', async () => {
    addBuild('c1');
    const n = node('c1');
    n.record('c2');
    expect(await n.poll()).toBe('missing');
    expect(await n.poll()).toBe('missing');
    expect(n.logs.filter((l) => l.includes('c2'))).toHaveLength(1);
    addBuild('c2');
    expect(await n.poll()).toBe('switched');
    expect(n.switches).toEqual(['c2']);
  });

  it('never follows a record that is not a directory name, survives a broken build and a database outage', async () => {
    addBuild('d1');
    addBuild('broken');
    const n = node('d1');
    for (const bad of ['../d1', '/etc', 'a/b', '.hidden', '']) {
      n.record(bad);
      expect(await n.poll()).toBe('invalid');
    }
    n.record('broken');
    expect(await n.poll()).toBe('failed');
    expect(await n.poll()).toBe('same'); // not retried every poll
    n.record(new Error('connection refused'));
    expect(await n.poll()).toBe('unreadable');
    expect(await n.poll()).toBe('unreadable');
    expect(n.logs.filter((l) => l.includes('connection refused'))).toHaveLength(1);
    expect(n.switches).toEqual([]);
  });

  it('reads the interval from PARTSFRONT_BUILD_POLL_MS (0 = off) and checks build names', () => {
    expect(buildPollMs({})).toBe(2000);
    expect(buildPollMs({ PARTSFRONT_BUILD_POLL_MS: '0' })).toBe(0);
    expect(buildPollMs({ PARTSFRONT_BUILD_POLL_MS: '5000' })).toBe(5000);
    expect(buildPollMs({ PARTSFRONT_BUILD_POLL_MS: 'x' })).toBe(0);
    expect(isBuildName('20261124T130000Z-4242')).toBe(true);
    for (const bad of ['..', '../x', 'x/y', '', '.x', 'x..y']) expect(isBuildName(bad)).toBe(false);
  });
});
