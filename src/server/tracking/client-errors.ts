/** Client error log of POST /captuerr (docs/product/api.md#client-error-report): bounded fields, IPs stored only as a salted hash. */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { z } from 'zod';
import type { captuerrRequestSchema } from '#lib/api/telemetry-contracts.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('client-errors');

const SALT = process.env.PARTSFRONT_IP_SALT ?? randomUUID();

export function hashIp(ip: string): string {
  return createHash('sha256').update(SALT).update(ip).digest('hex').slice(0, 32);
}

/** Reports older than this are deleted now and then (every PRUNE_EVERY inserts): the log cannot grow without bound. */
export const RETENTION_DAYS = 30;
const PRUNE_EVERY = 500;
let inserts = 0;

export async function recordClientError(
  db: Db,
  locale: LocaleCode,
  ip: string,
  e: z.output<typeof captuerrRequestSchema>,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('client_errors')
    .values({
      id,
      created_at: new Date().toISOString(),
      locale,
      level: e.level,
      message: e.error,
      stack: e.stack ?? null,
      user_agent: e.userAgent ?? null,
      url: e.url ?? null,
      ip_hash: hashIp(ip),
    })
    .execute();
  // the report's id beside this request's id: the access log and the stored report can be joined (docs/product/logs-and-metrics.md)
  log.info({ report: id, reportLevel: e.level }, 'client error report stored');
  if (++inserts % PRUNE_EVERY === 1) {
    const cutoff = new Date(Date.now() - RETENTION_DAYS * 86_400_000).toISOString();
    await db.deleteFrom('client_errors').where('created_at', '<', cutoff).execute();
  }
  return id;
}
