// Browser-test server: builds the test site if `npm test` has not, then serves it (real server entry).
import { buildSite, databaseUrlFor, hasTestBuild, resetDatabase } from '#tests/support/prepare.ts';
import { E2E_SANDBOX_PORT } from '#tests/support/test-env.ts';

if (!hasTestBuild()) {
  await resetDatabase(databaseUrlFor(undefined));
  buildSite(databaseUrlFor(undefined));
}
// The provider sandbox in this process, on its own port (E2E_SANDBOX_PORT), so payments run for real.
const { startSandboxForShop } = await import('#sandbox/in-process.ts');
await startSandboxForShop(E2E_SANDBOX_PORT);
await import('#host/index.ts');
