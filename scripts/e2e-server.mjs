// Browser-test server: builds the test site if `npm test` has not, then serves it (real server entry).
import { buildSite, databaseUrlFor, hasTestBuild, resetDatabase } from '#tests/support/prepare.ts';
import { E2E_SANDBOX_PORT, TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';

if (!hasTestBuild()) {
  await resetDatabase(databaseUrlFor(undefined));
  buildSite(databaseUrlFor(undefined));
}
// The provider sandbox in this process, on its own port (E2E_SANDBOX_PORT), so payments run for real.
const { startSandboxForShop } = await import('#sandbox/in-process.ts');
await startSandboxForShop(E2E_SANDBOX_PORT);
// The operator endpoint's token for the browser tests (tests/e2e/track-order.spec.ts).
process.env.PARTSFRONT_OPERATOR_TOKEN ??= TEST_OPERATOR_TOKEN;
// Every browser of the suite is 127.0.0.1: failed logins of one spec must not lock the next out. The limit
// itself is tested by the API suite (tests/api/api-account-links.test.ts, api-order-auth.test.ts).
process.env.AUTH_RATE_LIMIT ??= '1000';
await import('#host/index.ts');
