/**
 * Runs `astro build` with its line per prerendered page replaced by one progress line
 * (src/lib/builds/build-log-filter.ts; docs/product/configuration.md#quiet-builds). PARTSFRONT_BUILD_LOG=pages
 * (or `--verbose` of `npm start` / `npm run rebuild`) prints every page as Astro does.
 * Used by `npm start`, `npm run rebuild` (rebuild.ts) and the test build (tests/support/prepare.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildLogFilter } from '#lib/builds/build-log-filter.ts';

type Env = Record<string, string | undefined>;

export interface AstroBuildOptions {
  /** The build's environment (PARTSFRONT_OUT_DIR, DATABASE_URL, NODE_ENV …). */
  env: Env;
  /** Where the filtered output goes (default process.stdout); null: nowhere (the caller shows `tail` on failure). */
  write?: ((s: string) => void) | null;
  /** Rewrite the progress line in place (default: process.stdout is a terminal). */
  tty?: boolean;
  /** The command's arguments after node (default Astro's `build`; tests pass a recorded build's stand-in). */
  args?: string[];
}

export interface AstroBuildResult {
  code: number | null;
  /** The build's last output lines, unfiltered (for a failure's message). */
  tail: string;
}

/**
 * Node flags of every build (ADR 0031): the old generation capped at 1 GiB — a build holds no catalogue, so it
 * never needs more, and without the cap V8 lets garbage grow the heap by hundreds of MiB while pages render —
 * and the young generation kept small as for the server (docs/product/performance.md#node-flags).
 */
export const BUILD_NODE_FLAGS = ['--max-old-space-size=1024', '--max-semi-space-size=16'];
const astroBuild = () => [...BUILD_NODE_FLAGS, path.resolve('node_modules/astro/bin/astro.mjs'), 'build'];
export const verboseBuildLog = (env: Env): boolean => env.PARTSFRONT_BUILD_LOG === 'pages';

function filterFor(opts: AstroBuildOptions) {
  const write = opts.write === undefined ? (s: string) => void process.stdout.write(s) : opts.write;
  return buildLogFilter(write ?? (() => {}), {
    tty: opts.tty ?? Boolean(process.stdout.isTTY),
    verbose: verboseBuildLog(opts.env),
    now: Date.now,
  });
}

/** Builds in a child process; resolves when it exits (never rejects on a failed build: see `code`). */
export function runAstroBuild(opts: AstroBuildOptions): Promise<AstroBuildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, opts.args ?? astroBuild(), { env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const filter = filterFor(opts);
    let tail = '';
    const onData = (s: string) => {
      tail = (tail + s).slice(-4000);
      filter.push(s);
    };
    // Decoded by the streams: a chunk may end inside a multi-byte character (Astro's `├─` is 3 bytes each).
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      filter.end();
      resolve({ code, tail });
    });
  });
}

/** The same, blocking (the test build's callers are synchronous): the output is filtered once the build ends. */
export function runAstroBuildSync(opts: AstroBuildOptions): AstroBuildResult {
  const r = spawnSync(process.execPath, opts.args ?? astroBuild(), { env: opts.env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 512 * 1024 * 1024 });
  const output = `${r.stdout?.toString() ?? ''}${r.stderr?.toString() ?? ''}`;
  const filter = filterFor({ ...opts, tty: false });
  filter.push(output);
  filter.end();
  return { code: r.status, tail: output.slice(-4000) };
}
