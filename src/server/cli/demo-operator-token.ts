/**
 * `npm start` and `npm run dev` outside production: without PARTSFRONT_OPERATOR_TOKEN the operator endpoint
 * would refuse everyone, so a random token is made for this run and printed (docs/product/api.md#operator-orders).
 * In production nothing is made up: unset means no operator access over HTTP (the CLI needs no token).
 */
import { randomBytes } from 'node:crypto';

export function ensureDemoOperatorToken(env: Record<string, string | undefined> = process.env, print = console.log): void {
  if (env.NODE_ENV === 'production' || env.PARTSFRONT_OPERATOR_TOKEN) return;
  env.PARTSFRONT_OPERATOR_TOKEN = randomBytes(18).toString('base64url');
  print(`operator token for this run (PARTSFRONT_OPERATOR_TOKEN): ${env.PARTSFRONT_OPERATOR_TOKEN}`);
}

/**
 * The same for rebuilds: without PARTSFRONT_REBUILD_TOKEN a publish of a widget or deal (the studio's too) starts no
 * rebuild (docs/product/content-editing.md#publishing), and the demo's editors would never see one on the pages. Not
 * printed: the studio and the operator start rebuilds without it.
 */
export function ensureDemoRebuildToken(env: Record<string, string | undefined> = process.env): void {
  if (env.NODE_ENV === 'production' || env.PARTSFRONT_REBUILD_TOKEN) return;
  env.PARTSFRONT_REBUILD_TOKEN = randomBytes(18).toString('base64url');
}
