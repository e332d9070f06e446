/**
 * API suite setup: a fresh database on the engine under test (DATABASE_URL postgres://… or the embedded
 * SQLite default), the test build (built if missing), and the real server on API_PORT.
 * Tests read the base URL from inject('apiBase').
 */
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import {
  API_PORT,
  TEST_BUILD_DIR,
  TEST_DIR,
  TEST_EDITOR,
  TEST_EDITOR_TOKEN,
  TEST_METRICS_TOKEN,
  TEST_OPERATOR_TOKEN,
} from '#tests/support/test-env.ts';
import { buildSite, databaseUrlFor, hasTestBuild, resetDatabase } from '#tests/support/prepare.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import path from 'node:path';
import { startSandbox, type RunningSandbox } from '#sandbox/server.ts';

let server: RunningServer | undefined;
let sandbox: RunningSandbox | undefined;

export default async function setup(project: TestProject) {
  const engineUrl = databaseUrlFor(process.env.DATABASE_URL);
  if (!hasTestBuild()) {
    await resetDatabase(databaseUrlFor(undefined));
    buildSite(databaseUrlFor(undefined));
  }
  // The API suite writes (carts, errors …): it gets its own copy of the database, never the build's.
  let url = engineUrl;
  if (engineUrl.startsWith('sqlite:')) {
    const file = path.join(TEST_DIR, 'api.db');
    url = `sqlite:${file}`;
  }
  await resetDatabase(url);
  fs.mkdirSync(TEST_DIR, { recursive: true });
  // A configured internal-cart token lets the suite check x-be-internal (docs/adr/0004-public-api-and-search.md).
  // The provider sandbox (Adyen, Klarna …) on a free port: the server's payment providers default to it outside production.
  sandbox = await startSandbox({ port: 0 });
  server = await startServer({
    port: API_PORT,
    databaseUrl: url,
    buildDir: TEST_BUILD_DIR,
    env: {
      PARTSFRONT_INTERNAL_TOKEN: 'api-suite-internal-token',
      PARTSFRONT_SANDBOX_URL: sandbox.url,
      // The external search provider (docs/product/search.md#providers) answered by the sandbox's Depict emulator.
      PARTSFRONT_DEPICT_MERCHANT: 'partsfront',
      PARTSFRONT_OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      PARTSFRONT_EDITOR_TOKENS: `${TEST_EDITOR}=${TEST_EDITOR_TOKEN}`,
      // The suite's build is shared: only api-incremental-pages.test.ts re-renders pages, on its own copy.
      PARTSFRONT_CHANGE_POLL_MS: '0',
      // /metrics on the public port with this token only (docs/product/logs-and-metrics.md#metrics).
      PARTSFRONT_METRICS_TOKEN: TEST_METRICS_TOKEN,
    },
  });
  project.provide('apiBase', `http://sv.localhost:${API_PORT}`);
  project.provide('databaseUrl', url);
  project.provide('sandboxUrl', sandbox.url);
  return async () => {
    await server?.stop();
    await sandbox?.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
    databaseUrl: string;
    sandboxUrl: string;
  }
}
