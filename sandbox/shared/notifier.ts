/**
 * Sends notifications (webhooks, status callbacks) to the shop asynchronously, one after another like
 * a provider's per-endpoint queue, retrying a failed delivery twice, and applying the fault controls:
 * drop, delay, duplicate (each delivery sent twice) and reorder (deliveries held up to
 * REORDER_WINDOW_MS and sent newest first once a second one arrives).
 * `*.localhost` targets are reached on 127.0.0.1 with the original Host header (Node's resolver may
 * not resolve them; browsers do).
 */
import http from 'node:http';
import https from 'node:https';
import type { Faults } from './faults.ts';

export interface NotificationDelivery {
  url: string;
  body: string;
  label: string;
  headers?: Record<string, string>;
}

export interface DeliveryRecord {
  label: string;
  url: string;
  at: string;
  outcome: 'delivered' | 'failed' | 'dropped';
  attempts: number;
  status?: number;
  answer?: string;
  note?: string;
}

const RETRY_DELAYS_MS = [0, 250, 1000];
const ATTEMPT_TIMEOUT_MS = 5000;
export const REORDER_WINDOW_MS = 1500;

export class Notifier {
  readonly log: DeliveryRecord[] = [];
  private readonly faults: () => Faults;
  private held: NotificationDelivery[] = [];
  private holdTimer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private generation = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(faults: () => Faults) {
    this.faults = faults;
  }

  enqueue(delivery: NotificationDelivery): void {
    const faults = this.faults();
    if (faults.dropNotifications) return this.record(delivery, 'dropped', 0, { note: 'dropNotifications' });
    if (!faults.reorderNotifications) return this.dispatch(delivery);
    this.held.push(delivery);
    if (this.held.length >= 2) this.flushHeld();
    else this.holdTimer ??= this.after(REORDER_WINDOW_MS, () => this.flushHeld());
  }

  /** Forgets the log and anything not yet sent (`_sandbox/reset`). */
  reset(): void {
    this.close();
    this.log.length = 0;
  }

  close(): void {
    this.generation++;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.held = [];
    this.holdTimer = null;
    this.chain = Promise.resolve();
  }

  private flushHeld(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    const newestFirst = this.held.reverse();
    this.held = [];
    for (const delivery of newestFirst) this.dispatch(delivery);
  }

  private dispatch(delivery: NotificationDelivery): void {
    const { duplicateNotifications, notificationDelayMs } = this.faults();
    const generation = this.generation;
    for (let copy = 0; copy < (duplicateNotifications ? 2 : 1); copy++) {
      this.chain = this.chain.then(async () => {
        if (notificationDelayMs > 0) await this.wait(notificationDelayMs);
        if (generation === this.generation) await this.deliver(delivery, generation);
      });
    }
  }

  private async deliver(delivery: NotificationDelivery, generation: number): Promise<void> {
    let last: { status?: number; answer?: string; note?: string } | undefined;
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      if (RETRY_DELAYS_MS[attempt - 1]) await this.wait(RETRY_DELAYS_MS[attempt - 1]);
      if (generation !== this.generation) return;
      try {
        const { status, answer } = await post(delivery);
        last = { status, answer };
        if (status >= 200 && status < 300) return this.record(delivery, 'delivered', attempt, last);
      } catch (error) {
        last = { note: (error as Error).message };
      }
      if (attempt === RETRY_DELAYS_MS.length) this.record(delivery, 'failed', attempt, last);
    }
  }

  private record(
    delivery: NotificationDelivery,
    outcome: DeliveryRecord['outcome'],
    attempts: number,
    extra: Partial<DeliveryRecord>,
  ): void {
    this.log.push({ label: delivery.label, url: delivery.url, at: new Date().toISOString(), outcome, attempts, ...extra });
    if (this.log.length > 500) this.log.shift();
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.after(ms, resolve);
    });
  }

  private after(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }
}

function post(delivery: NotificationDelivery): Promise<{ status: number; answer: string }> {
  const url = new URL(delivery.url);
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        host: local ? '127.0.0.1' : url.hostname,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: url.pathname + url.search,
        method: 'POST',
        servername: url.hostname,
        headers: {
          host: url.host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
          ...delivery.headers,
        },
        timeout: ATTEMPT_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, answer: Buffer.concat(chunks).toString('utf8').slice(0, 200) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(delivery.body);
  });
}
