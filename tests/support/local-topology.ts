/**
 * The production topology without Docker (docs/product/deployment.md#the-same-topology-without-docker): Debian
 * nginx as an unprivileged process with its own config, pid, logs and temp files in a directory of its own, in
 * front of two nodes on one PostgreSQL that share a builds/ directory, serving the static export of builds/current.
 * The nginx config is the one compose uses (src/lib/deploy/nginx-config.ts). Used by
 * tests/cluster/nginx-topology.test.ts, scripts/local-topology.mjs and bench/nginx-static.mjs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseDomains } from '#lib/market/locales.ts';
import { renderNginxMain, renderNginxSite, type NginxSiteOptions } from '#lib/deploy/nginx-config.ts';
import { exportStatic } from '#builds/static-export.ts';
import { sharedBuildsDir, startNode, type BuildsDir, type RunningServer } from '#tests/cluster/cluster-support.ts';
import { E2E_PORT, TEST_DIR } from './test-env.ts';

export const NGINX_BIN = process.env.PARTSFRONT_NGINX ?? '/usr/sbin/nginx';
/** Debian's brotli static module, when libnginx-mod-http-brotli-static is installed. */
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** nobody: the nginx processes never run as root, even when the tests do. */
const UNPRIVILEGED = 65534;

export interface RunningNginx {
  port: number;
  dir: string;
  /** nginx -t output of the config it runs. */
  checked: string;
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

function waitForPort(port: number, child: ChildProcess, log: () => string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited (${child.exitCode}):\n${log()}`));
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve();
      });
      s.once('error', () => {
        s.destroy();
        if (Date.now() > deadline) return reject(new Error(`nginx did not listen on ${port}:\n${log()}`));
        setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * Starts nginx in the foreground on `port` with the http-context text `site` (rendered into a whole nginx.conf
 * under a fresh directory). Checked with `nginx -t` first; throws with its output when the config is refused.
 */
export async function startNginx(opts: {
  port: number;
  site: string;
  label: string;
  brotli?: boolean;
  /** A file nginx will serve: when `nobody` cannot read it (a checkout under /root), a root run keeps root workers. */
  mustRead?: string;
}): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX_BIN)) throw new Error(`no nginx at ${NGINX_BIN}: apt-get install nginx (.ci/run does), or set PARTSFRONT_NGINX`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pf-nginx-${opts.label}-`));
  fs.chmodSync(dir, 0o755);
  const siteFile = path.join(dir, 'site.conf');
  const conf = path.join(dir, 'nginx.conf');
  // As root, nginx runs as nobody — unless nobody cannot read the files it serves (a checkout under /root):
  // then as root with root workers (nginx's default worker user is nobody).
  const root = process.getuid?.() === 0;
  const nobodyReads = !opts.mustRead || spawnSync('test', ['-r', opts.mustRead], { uid: UNPRIVILEGED, gid: UNPRIVILEGED }).status === 0;
  const unprivileged = root && nobodyReads;
  const ids = unprivileged ? { uid: UNPRIVILEGED, gid: UNPRIVILEGED } : {};
  fs.writeFileSync(siteFile, opts.site);
  fs.writeFileSync(
    conf,
    renderNginxMain({
      runDir: dir,
      siteFile,
      foreground: true,
      brotliModule: opts.brotli ? BROTLI_MODULE : undefined,
      user: root && !nobodyReads ? 'root' : undefined,
    }),
  );
  if (unprivileged) fs.chownSync(dir, UNPRIVILEGED, UNPRIVILEGED);
  const args = ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', conf];
  const test = spawnSync(NGINX_BIN, ['-t', ...args], { encoding: 'utf8', ...ids });
  const checked = `${test.stdout}${test.stderr}`;
  if (test.status !== 0) throw new Error(`nginx -t refused ${conf}:\n${checked}`);
  let log = '';
  const child = spawn(NGINX_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'], ...ids });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const read = (name: string) => {
    try {
      return fs.readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  await waitForPort(opts.port, child, () => log + read('error.log'));
  return {
    port: opts.port,
    dir,
    checked,
    accessLog: () => read('access.log'),
    errorLog: () => read('error.log'),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT'); // graceful: finish requests in flight
      }),
  };
}

export const hasBrotliModule = () => fs.existsSync(BROTLI_MODULE);

export interface LocalTopology {
  nginx: RunningNginx;
  nodes: RunningServer[];
  builds: BuildsDir;
  exportDir: string;
  /** The site config nginx runs (what compose's nginx renders too). */
  site: string;
  stop(): Promise<void>;
}

/**
 * builds/ with the prepared test build as current, the static export of builds/current (links through the
 * `current` link, so they follow a switch), two nodes (PARTSFRONT_TRUST_PROXY=1: they sit behind nginx) and nginx.
 * The database at `databaseUrl` must be migrated and seeded (cluster-support.ts prepareClusterDatabase).
 */
export async function startLocalTopology(opts: {
  label: string;
  databaseUrl: string;
  nginxPort: number;
  nodePorts: readonly number[];
  env?: Record<string, string>;
  upstreamOptions?: Pick<NginxSiteOptions, 'maxFails' | 'failTimeoutSeconds'>;
}): Promise<LocalTopology> {
  const builds = sharedBuildsDir(`topology-${opts.label}`);
  const exportDir = path.join(TEST_DIR, `topology-${opts.label}-export`);
  const domains = parseDomains(process.env.PARTSFRONT_DOMAINS);
  exportStatic(path.join(builds.dir, 'current'), exportDir, domains, false);
  const nodes: RunningServer[] = [];
  try {
    nodes.push(
      ...(await Promise.all(
        opts.nodePorts.map((port) =>
          startNode({
            port,
            databaseUrl: opts.databaseUrl,
            buildsDir: builds.dir,
            // links in re-rendered pages as in the prepared build (its public port)
            env: { PARTSFRONT_TRUST_PROXY: '1', PARTSFRONT_PUBLIC_PORT: String(E2E_PORT), ...opts.env },
          }),
        ),
      )),
    );
    const site = renderNginxSite({
      listen: `127.0.0.1:${opts.nginxPort}`,
      upstreams: opts.nodePorts.map((p) => `127.0.0.1:${p}`),
      domains,
      exportDir,
      https: false,
      brotliStatic: hasBrotliModule(),
      ...opts.upstreamOptions,
    });
    const nginx = await startNginx({
      port: opts.nginxPort,
      site,
      label: opts.label,
      brotli: hasBrotliModule(),
      mustRead: path.join(exportDir, domains.sv, 'index.html'),
    });
    return {
      nginx,
      nodes,
      builds,
      exportDir,
      site,
      stop: async () => {
        await nginx.stop();
        await Promise.all(nodes.map((n) => n.stop()));
        builds.remove();
        fs.rmSync(exportDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await Promise.all(nodes.map((n) => n.stop()));
    throw err;
  }
}
