/** Paths and ports shared by the API and browser suites (one seeded DB + one build per `npm test`). */
import path from 'node:path';

/** PF_TEST_DIR: a second copy (database + build) so two people's test runs in one checkout do not rebuild under each other. */
export const TEST_DIR = path.resolve(process.env.PF_TEST_DIR ?? '.cache/test');
export const TEST_BUILD_DIR = path.join(TEST_DIR, 'build');
export const TEST_SQLITE_FILE = path.join(TEST_DIR, 'catalogue.db');
export const TEST_PRODUCTS = 300;
/** Products per sitemap file in the test build (PARTSFRONT_SITEMAP_CHUNK): each storefront gets several. */
export const TEST_SITEMAP_CHUNK = 100;
/** The e2e server's port is also the port in the build's cross-domain links. */
export const E2E_PORT = Number(process.env.PF_E2E_PORT ?? 4410);
export const API_PORT = Number(process.env.PF_API_PORT ?? 4411);
/** The provider sandbox inside the e2e server (the API suite starts its own on a free port). */
export const E2E_SANDBOX_PORT = Number(process.env.PF_E2E_SANDBOX_PORT ?? 4412);
export const origin = (locale: string, port = E2E_PORT) => `http://${locale}.localhost:${port}`;
/** The operator token the API suite's and the e2e server are started with (docs/product/api.md#operator-orders). */
export const TEST_OPERATOR_TOKEN = 'test-operator-token';
/** The token that opens /metrics on the API suite's server (docs/product/logs-and-metrics.md#metrics). */
export const TEST_METRICS_TOKEN = 'test-metrics-token';
/** An editor's own token on the API suite's server (docs/product/content-editing.md#access). */
export const TEST_EDITOR = 'Eva Editor';
export const TEST_EDITOR_TOKEN = 'test-editor-token-eva-0001';
