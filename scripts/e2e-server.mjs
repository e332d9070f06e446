// Browser-test server: builds the test site if `npm test` has not, then serves it (real server entry).
import { buildSite, databaseUrlFor, hasTestBuild, resetDatabase } from '#tests/support/prepare.ts';

if (!hasTestBuild()) {
  await resetDatabase(databaseUrlFor(undefined));
  buildSite(databaseUrlFor(undefined));
}
await import('#host/index.ts');
