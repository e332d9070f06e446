/**
 * The sandbox inside the shop's own process (`npm start`, `npm run dev`, the e2e server): started when the shop's
 * providers default to it (outside production, PARTSFRONT_SANDBOX not `off`, no PARTSFRONT_SANDBOX_URL
 * pointing at one elsewhere). Sets PARTSFRONT_SANDBOX_URL so the providers find it on any port.
 */
import { sandboxUrl } from '#server/providers/provider-config.ts';
import { startSandbox, type RunningSandbox } from './server.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('sandbox');

export async function startSandboxForShop(port = Number(process.env.PARTSFRONT_SANDBOX_PORT ?? 4330)): Promise<RunningSandbox | null> {
  if (!sandboxUrl() || process.env.PARTSFRONT_SANDBOX_URL) return null;
  try {
    const publicBaseUrl = process.env.PARTSFRONT_SANDBOX_PUBLIC_URL;
    const sandbox = await startSandbox({ port, ...(publicBaseUrl ? { publicBaseUrl } : {}) });
    process.env.PARTSFRONT_SANDBOX_URL = `http://127.0.0.1:${sandbox.port}`;
    log.info(
      `Provider sandbox (Adyen, Klarna, Walley, Two, Ingrid, Depict emulators) on ${sandbox.url} — PARTSFRONT_SANDBOX=off to leave it out`,
    );
    return sandbox;
  } catch (err) {
    // Most likely a standalone sandbox (node sandbox/server.ts) already has the port: use that one.
    log.warn({ err: err instanceof Error ? err.message : String(err), port }, `provider sandbox not started on port ${port}`);
    return null;
  }
}
