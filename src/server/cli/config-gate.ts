/**
 * Imported FIRST by every entry (scripts/*.mjs, src/host/index.ts): its top-level await holds back the modules
 * imported after it, so a bad configuration stops the process before anything else happens
 * (docs/product/configuration.md).
 */
import { checkConfigOrExit } from './check-config.ts';

await checkConfigOrExit({ database: true });
