// `npm run bench:login`: a login storm — rounds of 40 wrong-password logins at once from four loopback
// addresses (fresh addresses each round, so the per-address limit does not cut the storm short; unknown
// e-mails, which cost the same hash as a wrong password) — while GET /healthz, a static page and an API answer
// are sampled every 10 ms. Prints p50/p99/max of those samples before and during the storm, and what the logins
// were answered. Budget (README.md, Measured): a login storm never delays a page or an API answer by more than
// 50 ms at p99. Figures only, no assertions. Seeds its own SQLite database (BENCH_DB) and uses an existing build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startServer } from '#tests/support/server.ts';
import { findBuildDir } from './find-build.mjs';

const DB_FILE = path.resolve(process.env.BENCH_DB ?? '/tmp/partsfront-bench-login.db');
const PORT = Number(process.env.BENCH_PORT ?? 4697);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = 40;
const ADDRESSES_PER_ROUND = 4;
const SAMPLE_EVERY_MS = 10;
const dbUrl = `sqlite:${DB_FILE}`;

if (!fs.existsSync(DB_FILE)) {
  const seeded = spawnSync(process.execPath, ['scripts/db.mjs', 'seed', '--products', '500'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: dbUrl },
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

const buildDir = findBuildDir();

const host = `sv.localhost:${PORT}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** One request; resolves with its status and milliseconds (never rejects: a failed request is status 0). */
function send({ method = 'GET', path: p, body, localAddress, keepAlive = true }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: p,
        method,
        localAddress,
        agent: keepAlive ? agent : false,
        headers: { host, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

const TARGETS = {
  '/healthz': '/healthz',
  'page (sv home)': '/',
  'API (GET /api/products search)': '/api/products?locale=sv&sid=1&query=filter&limit=10',
};

/** Samples every target every 10 ms (open loop: a slow answer does not delay the next sample) until stop(). */
function sampler() {
  const results = Object.fromEntries(Object.keys(TARGETS).map((k) => [k, []]));
  const pending = [];
  let failed = 0;
  const timer = setInterval(() => {
    for (const [name, p] of Object.entries(TARGETS))
      pending.push(
        send({ path: p }).then((r) => {
          if (r.status !== 200) failed++;
          results[name].push(r.ms);
        }),
      );
  }, SAMPLE_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { results, failed };
    },
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
function report(title, { results, failed }) {
  console.log(`${title}${failed ? `   (non-200 samples: ${failed})` : ''}`);
  for (const [name, list] of Object.entries(results)) {
    const s = [...list].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(26)} n ${String(s.length).padStart(4)}   p50 ${pct(s, 50).toFixed(1).padStart(6)} ms   p99 ${pct(s, 99).toFixed(1).padStart(6)} ms   max ${s.at(-1).toFixed(1).padStart(6)} ms`,
    );
  }
}

const server = await startServer({ port: PORT, databaseUrl: dbUrl, buildDir });
try {
  // warm-up: the first page, API answer and hash (the dummy hash is made on the first login)
  for (const p of Object.values(TARGETS)) await send({ path: p });
  await send({
    method: 'POST',
    path: '/api/auth/login?locale=sv&sid=1',
    body: JSON.stringify({ email: 'warm@bench.test', password: 'x' }),
    localAddress: '127.9.9.9',
  });

  const quiet = sampler();
  await new Promise((r) => setTimeout(r, 2000));
  report('quiet, 2 s', await quiet.stop());

  /** `rounds` rounds of 40 logins at once from 4 fresh addresses; `body(round, i)` is each login's JSON. */
  async function storm(title, firstOctet, rounds, body) {
    const sampling = sampler();
    const statuses = {};
    const loginMs = [];
    const started = performance.now();
    for (let round = 0; round < rounds; round++) {
      const addresses = Array.from({ length: ADDRESSES_PER_ROUND }, (_, i) => `127.${firstOctet}.${round + 1}.${i + 1}`);
      const answers = await Promise.all(
        Array.from({ length: PER_ROUND }, (_, i) =>
          send({
            method: 'POST',
            path: '/api/auth/login?locale=sv&sid=1',
            body: JSON.stringify(body(round, i)),
            localAddress: addresses[i % ADDRESSES_PER_ROUND],
            keepAlive: false,
          }),
        ),
      );
      for (const a of answers) {
        statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        loginMs.push(a.ms);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    report(`${title}, ${seconds.toFixed(2)} s`, await sampling.stop());
    loginMs.sort((a, b) => a - b);
    console.log(
      `  login answers: ${Object.entries(statuses)
        .map(([s, n]) => `${n} × ${s}`)
        .join(', ')}; login latency p50 ${pct(loginMs, 50).toFixed(0)} ms, max ${loginMs.at(-1).toFixed(0)} ms`,
    );
  }

  await storm(
    `during the storm (${ROUNDS} × ${PER_ROUND} wrong-password logins at once from ${ADDRESSES_PER_ROUND} addresses each)`,
    77,
    ROUNDS,
    (round, i) => ({ email: `storm-${round}-${i}@bench.test`, password: 'wrong password' }),
  );
  // the same requests refused by validation: what the storm costs without any hashing (HTTP, routing, JSON);
  // ten times the rounds, as they are answered so much faster
  await storm(`control: ${ROUNDS * 10} such rounds refused before hashing (400, no password)`, 78, ROUNDS * 10, (round, i) => ({
    email: `storm-${round}-${i}@bench.test`,
  }));
  console.log('budget: p99 of pages and API answers during a login storm ≤ 50 ms');
} finally {
  agent.destroy();
  await server.stop();
}
