/**
 * Imported (for its effect) by the browser entries that parse with the contracts: zod's first object parse
 * probes `new Function('')` to pick its fast path, and under our CSP (no 'unsafe-eval',
 * docs/product/security.md) Chromium reports that caught probe as a violation. Jitless skips the probe; the
 * server keeps the fast path because it never imports this module.
 */
import { z } from 'zod';

z.config({ jitless: true });
