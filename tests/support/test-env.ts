/** Paths and ports shared by the API and browser suites (one seeded DB + one build per `npm test`). */
import path from 'node:path';

export const TEST_DIR = path.resolve('.cache/test');
export const TEST_BUILD_DIR = path.join(TEST_DIR, 'build');
export const TEST_SQLITE_FILE = path.join(TEST_DIR, 'catalogue.db');
export const TEST_PRODUCTS = 300;
/** The e2e server's port is also the port in the build's cross-domain links. */
export const E2E_PORT = Number(process.env.PF_E2E_PORT ?? 4410);
export const API_PORT = Number(process.env.PF_API_PORT ?? 4411);
export const origin = (locale: string, port = E2E_PORT) => `http://${locale}.localhost:${port}`;
