/**
 * Two delivers webhooks through Svix (webhooks-api.yaml → docs.svix.com/receiving/verifying-payloads):
 * headers svix-id, svix-timestamp (unix seconds) and svix-signature ("v1,<base64>", space-separated
 * when the secret is being rotated); the signature is HMAC-SHA256 over "{id}.{timestamp}.{body}" with
 * the base64 key after the "whsec_" prefix. Old or future timestamps are refused against replays.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;

export function svixSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/** The message id when the signature is valid and fresh, else null. */
export function verifySvix(secret: string, headers: Headers, body: string, nowMs = Date.now()): string | null {
  // Svix also sends the vendor-neutral "webhook-*" names; accept either.
  const id = headers.get('svix-id') ?? headers.get('webhook-id');
  const timestamp = headers.get('svix-timestamp') ?? headers.get('webhook-timestamp');
  const signatures = headers.get('svix-signature') ?? headers.get('webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return null;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return null;
  const expected = Buffer.from(svixSignature(secret, id, timestamp, body));
  for (const entry of signatures.split(' ')) {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) continue;
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
  }
  return null;
}
