import { defineConfig } from '@playwright/test';
import { E2E_PORT, TEST_BUILD_DIR, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';

// Debian's Chromium, never a downloaded browser. The web server is the real production entry.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://sv.localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    env: {
      PORT: String(E2E_PORT),
      DATABASE_URL: `sqlite:${TEST_SQLITE_FILE}`,
      PARTSFRONT_BUILD_DIR: TEST_BUILD_DIR,
      HOST: '127.0.0.1',
      // The external search provider answered by the sandbox's Depict emulator (docs/product/search.md#providers).
      PARTSFRONT_DEPICT_MERCHANT: 'partsfront',
    },
  },
});
