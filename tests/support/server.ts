/** Starts the real production server (src/host/index.ts) on a port and waits until it answers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from './http.ts';

export interface RunningServer {
  port: number;
  /** The server process (benches read its memory from /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
  output(): string;
}

export async function startServer(opts: {
  port: number;
  databaseUrl: string;
  buildDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['src/host/index.ts'], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      PARTSFRONT_BUILD_DIR: opts.buildDir,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    log += d;
  });
  child.stderr!.on('data', (d) => {
    log += d;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      const r = await request(`http://sv.localhost:${opts.port}/healthz`);
      if (r.status === 200) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port: opts.port,
    pid: child.pid!,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
