/**
 * Debian's Chromium as a shopper runs it: a plain process with no DevTools attached. Chromium refuses to prerender
 * under DevTools (PrerenderingDisabledByDevTools), so Playwright cannot see a prerendered page; here a proxy in front
 * of the storefront adds a driver script to each page (its hash joins the page's own CSP, which stays as served),
 * answers the driver's questions under /__drive/ and records every request it forwards.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export interface ForwardedRequest {
  method: string;
  path: string;
  secPurpose: string;
  cacheControl: string;
}

export interface PlainRun {
  /** What the driver posted to /__drive/report, in order. */
  reports: Record<string, unknown>[];
  requests: ForwardedRequest[];
  /** 'done' when the driver asked for a step after the last one; else 'timed out'. */
  how: 'done' | 'timed out';
}

/**
 * Serves the storefront at `upstreamPort` on `port` with `driver` (the source of a function, run in every page as
 * `(driver)()`) and starts Chromium on `startPath`. The driver asks POST /__drive/next for the next of `steps`
 * ({} after the last), reports with POST /__drive/report, and reads what was reported so far and the forwarded
 * requests with GET /__drive/state.
 */
export async function runPlainChromium(opts: {
  port: number;
  upstreamPort: number;
  host: string;
  startPath: string;
  driver: string;
  steps: unknown[];
  timeoutMs: number;
}): Promise<PlainRun> {
  const script = `(${opts.driver})()`;
  const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
  const steps = [...opts.steps];
  const reports: Record<string, unknown>[] = [];
  const requests: ForwardedRequest[] = [];
  let finished: () => void = () => undefined;
  const done = new Promise<'done'>((resolve) => (finished = () => resolve('done')));

  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '/';
      if (url.startsWith('/__drive/')) {
        res.setHeader('content-type', 'application/json');
        if (url === '/__drive/report') reports.push(JSON.parse(String(body)) as Record<string, unknown>);
        if (url === '/__drive/state') return void res.end(JSON.stringify({ reports, requests }));
        if (url === '/__drive/next') {
          const step = steps.shift();
          if (step === undefined) finished();
          return void res.end(JSON.stringify(step ?? {}));
        }
        return void res.end('{}');
      }
      const up = http.request(
        {
          host: '127.0.0.1',
          port: opts.upstreamPort,
          path: url,
          method: req.method,
          headers: { ...req.headers, 'accept-encoding': 'identity' },
        },
        (r) => {
          const parts: Buffer[] = [];
          r.on('data', (d: Buffer) => parts.push(d));
          r.on('end', () => {
            const headers = { ...r.headers };
            requests.push({
              method: req.method ?? 'GET',
              path: url,
              secPurpose: String(req.headers['sec-purpose'] ?? ''),
              cacheControl: String(headers['cache-control'] ?? ''),
            });
            let answer = Buffer.concat(parts);
            if (String(headers['content-type']).startsWith('text/html')) {
              answer = Buffer.from(String(answer).replace('<head>', `<head><script>${script}</script>`));
              headers['content-security-policy'] = String(headers['content-security-policy']).replace(
                /script-src ([^;]*)/,
                `script-src $1 ${hash}`,
              );
              delete headers.etag;
            }
            headers['content-length'] = String(answer.length);
            res.writeHead(r.statusCode ?? 502, headers);
            res.end(answer);
          });
        },
      );
      up.on('error', () => res.destroy());
      up.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(opts.port, '127.0.0.1', resolve));

  const chromium = startPlainChromium(`http://${opts.host}:${opts.port}${opts.startPath}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), opts.timeoutMs)));
  try {
    const how = await Promise.race([done, timedOut]);
    return { reports, requests, how };
  } finally {
    clearTimeout(timer);
    await chromium.stop();
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  }
}

/** Debian's Chromium, headless, on its own fresh profile, opening `url`; `stop` ends it and removes the profile. */
export function startPlainChromium(url: string): { stop(): Promise<void> } {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-plain-chromium-'));
  const chromium = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
      '--window-size=1280,800',
      `--user-data-dir=${profile}`,
      url,
    ],
    { stdio: 'ignore' },
  );
  return {
    async stop() {
      if (chromium.exitCode === null && chromium.signalCode === null) {
        const exited = new Promise((resolve) => chromium.once('exit', resolve));
        chromium.kill();
        await exited;
      }
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
