// Seeds the test SQLite database and builds the site from it (used by npm test before the API and e2e suites).
import { buildSite, resetDatabase, databaseUrlFor } from '#tests/support/prepare.ts';

const url = databaseUrlFor(undefined);
await resetDatabase(url);
buildSite(url);
