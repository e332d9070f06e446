// `npm test`: every suite — typecheck, format, lint, astro-check, unit, API (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), browser e2e —
// then ONE closing line "N passed, N failed" summing them all. Exit code 1 if anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const bin = (name) => path.resolve('node_modules/.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// Names of failed tests, repeated just above the closing line so a log's tail says what failed.
const failures = [];
const only = process.env.TEST_SUITES?.split(',');

function run(label, cmd, args, env, reportFile, count, failedNames) {
  if (only && !only.includes(label.split(' ')[0])) return;
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  let counts;
  try {
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    counts = count(report);
    for (const name of failedNames(report)) failures.push(`${label}: ${name}`);
  } catch {
    counts = { passed: 0, failed: 1, skipped: 0 }; // no report: the suite itself crashed
    console.error(`${label}: no test report (exit ${r.status})`);
  }
  if (counts.failed > 0 && !failures.some((f) => f.startsWith(`${label}: `))) failures.push(`${label}: (exit ${r.status})`);
  if (r.status !== 0 && counts.failed === 0) {
    counts.failed = 1; // e.g. an error outside any test
    failures.push(`${label}: exit ${r.status} outside any test`);
  }
  console.log(`${label}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  for (const k of Object.keys(totals)) totals[k] += counts[k];
}

// A file that fails to load has no failed test but a failed suite: count it so it cannot pass silently.
const vitestCounts = (j) => ({
  passed: j.numPassedTests,
  failed: j.numFailedTests || j.numFailedTestSuites,
  skipped: j.numPendingTests + (j.numTodoTests ?? 0),
});
const vitestFailures = (j) =>
  j.testResults.flatMap((file) => {
    const rel = path.relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((a) => a.status === 'failed').map((a) => `${rel} › ${a.fullName}`);
    return failed.length || file.status !== 'failed' ? failed : [`${rel} (did not load: ${String(file.message).split('\n')[0]})`];
  });
const vitest = (project, label, env = {}) => {
  const out = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  run(
    label,
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
    out,
    vitestCounts,
    vitestFailures,
  );
};

// A check that passes or fails as a whole (typecheck, format, lint, astro-check): 1 passed or 1 failed in the totals.
function step(label, cmd, args) {
  if (only && !only.includes(label)) return;
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  const ok = r.status === 0;
  console.log(`${label}: ${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
  if (!ok) failures.push(label);
  totals[ok ? 'passed' : 'failed'] += 1;
}

// Strict TypeScript over src, server, tests, scripts (.astro files are checked by astro-check below).
step('typecheck', bin('tsc'), ['--noEmit', '-p', '.']);
// Prettier (+ prettier-plugin-astro): files that `npm run format` would change.
step('format', bin('prettier'), ['--check', '.']);
// ESLint: typescript-eslint, eslint-plugin-astro, react-hooks, and the architecture import boundaries.
step('lint', bin('eslint'), ['.']);
// @astrojs/check: TypeScript diagnostics inside .astro components and pages.
step('astro-check', bin('astro'), ['check']);

vitest('unit', 'unit');
vitest('providers', 'providers');

// One seeded database + one build serve the API suites and the browser suite.
if (!only || only.some((s) => s === 'api' || s === 'cluster' || s === 'e2e')) {
  console.log('\n=== preparing test build ===');
  const prep = spawnSync(process.execPath, ['scripts/test-prepare.mjs'], { stdio: 'inherit' });
  if (prep.status !== 0) {
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
}
vitest('api', 'api (sqlite)', { DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitest('api', 'api (postgres)', { DATABASE_URL: process.env.TEST_DATABASE_URL });
else if (!only || only.includes('api')) console.log('\napi (postgres): skipped — set TEST_DATABASE_URL=postgres://… (.ci/run does)');
// Two servers on one PostgreSQL and the fault tests need a PostgreSQL to start, stop and share.
if (process.env.TEST_DATABASE_URL) vitest('cluster', 'cluster', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
else if (!only || only.includes('cluster')) console.log('\ncluster: skipped — set TEST_DATABASE_URL=postgres://… (.ci/run does)');

const e2eOut = path.join(tmp, 'e2e.json');
// Playwright nests suites (a file, then its describes) around specs; a spec failed when one of its tests ended unexpected.
const playwrightFailures = (j) => {
  const walk = (suite, trail) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((t) => t.status === 'unexpected'))
      .map((spec) => `${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}`),
    ...(suite.suites ?? []).flatMap((s) => walk(s, [...trail, s.title])),
  ];
  return (j.suites ?? []).flatMap((s) => walk(s, []));
};
run(
  'e2e',
  bin('playwright'),
  ['test'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut },
  e2eOut,
  (j) => ({
    passed: j.stats.expected,
    failed: j.stats.unexpected,
    skipped: j.stats.skipped,
  }),
  playwrightFailures,
);

if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
