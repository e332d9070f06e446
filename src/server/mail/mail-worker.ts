/**
 * Delivers queued e-mail in the server process (docs/product/emails.md#delivery): a pass right after a
 * message is queued and one every 30 s for retries. Only when SMTP is configured; otherwise the outbox
 * row is the delivery and there is nothing to do.
 */
import type { Db } from '#server/db/connection.ts';
import { mailConfig } from './mail-config.ts';
import { deliverDueMail } from './deliver-mail.ts';
import { smtpSender, type MailSender } from './smtp-sender.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { metrics } from '#server/telemetry/metrics.ts';

const log = loggerFor('mail');

const INTERVAL_MS = 30_000;

/**
 * On globalThis, as the shared DB handle is: the host and each loaded build bundle have their own copy of
 * this module, and they must share one SMTP pool and one pass at a time.
 */
const STATE = Symbol.for('partsfront.mail.worker');
interface WorkerState {
  sender: MailSender | null | undefined;
  running: boolean;
  again: boolean;
}
const holder = globalThis as typeof globalThis & { [STATE]?: WorkerState };
const state = (holder[STATE] ??= { sender: undefined, running: false, again: false });

function configuredSender(): MailSender | null {
  if (state.sender === undefined) {
    const url = mailConfig().smtpUrl;
    state.sender = url ? smtpSender(url) : null;
  }
  return state.sender;
}

/** Runs a delivery pass now, or once more after the one under way; never throws. */
export function kickMailDelivery(db: Db): void {
  const s = configuredSender();
  if (!s) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  void deliverDueMail(db, s, mailConfig().from)
    .catch((err: unknown) => {
      metrics.mailPassFailures.inc();
      log.error({ err: err instanceof Error ? err.message : String(err) }, 'delivery pass failed');
    })
    .finally(() => {
      state.running = false;
      if (state.again) {
        state.again = false;
        kickMailDelivery(db);
      }
    });
}

/** Starts the periodic pass; answers a stop function (tests, shutdown). */
export function startMailWorker(db: Db): () => void {
  if (!configuredSender()) return () => {};
  kickMailDelivery(db);
  const timer = setInterval(() => kickMailDelivery(db), INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
