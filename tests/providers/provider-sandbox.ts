/**
 * What every provider test file shares: one sandbox and one webhook recorder per file, the emulator reset
 * (and its notifications cleared) before each test, the emulator's `_sandbox` controls, and the hosted
 * page's hand-back to the shop. Register it at the top level of a test file, before the file's own hooks.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/server.ts';
import type { Navigation } from '#sandbox/shared/form-browser.ts';
import { startWebhookRecorder, type WebhookRecorder } from '#sandbox/shared/webhook-recorder.ts';

export interface ProviderSandbox {
  /** Set in beforeAll. */
  sandbox: RunningSandbox;
  hooks: WebhookRecorder;
  /** POST {sandbox}/{prefix}/_sandbox/{name}: must answer 200; answers its JSON body (or null). */
  control(name: string, body?: unknown): Promise<unknown>;
}

export type SandboxPrefix = 'adyen' | 'klarna' | 'walley' | 'two' | 'ingrid' | 'storecove';

/** POST {base}/{prefix}/_sandbox/{name}: must answer 200; answers its JSON body (or null). Also for a sandbox started elsewhere. */
export async function sandboxControl(base: string, prefix: SandboxPrefix, name: string, body: unknown = {}): Promise<unknown> {
  const res = await fetch(`${base}/${prefix}/_sandbox/${name}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

export function useProviderSandbox(
  prefix: SandboxPrefix,
  opts: { hookAnswer?: string; afterReset?: (box: ProviderSandbox) => Promise<unknown> } = {},
): ProviderSandbox {
  const box = {
    control: (name: string, body?: unknown) => sandboxControl(box.sandbox.url, prefix, name, body),
  } as ProviderSandbox;
  beforeAll(async () => {
    box.sandbox = await startSandbox({ port: 0 });
    box.hooks = await startWebhookRecorder(opts.hookAnswer);
  });
  beforeEach(async () => {
    await box.control('reset');
    await opts.afterReset?.(box);
    box.hooks.clear();
  });
  afterAll(async () => {
    await box.sandbox?.close();
    await box.hooks?.close();
  });
  return box;
}

/** Where the hosted page sent the shopper back to the shop; fails the test when it stayed on the page. */
export function backToShop(nav: Navigation): URL {
  if (nav.kind !== 'left') throw new Error(`expected a redirect to the shop, got:\n${nav.page.html}`);
  return new URL(nav.location);
}
