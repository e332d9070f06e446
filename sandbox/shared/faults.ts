/**
 * Fault controls, per emulator (`POST /{prefix}/_sandbox/faults`). A post merges into the current
 * settings (so `{ delayMs }` and `{ failNext }` can be set one after the other); `_sandbox/reset`
 * clears them. API calls only: hosted pages and the control endpoints are never faulted.
 */
import { z } from 'zod';
import { sleep } from './http-io.ts';

export const faultsInput = z.strictObject({
  /** Answer 5xx to the next N API calls. */
  failNext: z.number().int().min(0).max(1000).optional(),
  /** Delay every API answer by this long. */
  delayMs: z.number().int().min(0).max(120_000).optional(),
  duplicateNotifications: z.boolean().optional(),
  reorderNotifications: z.boolean().optional(),
  dropNotifications: z.boolean().optional(),
  notificationDelayMs: z.number().int().min(0).max(120_000).optional(),
});

export type Faults = Required<z.infer<typeof faultsInput>>;

const NONE: Faults = {
  failNext: 0,
  delayMs: 0,
  duplicateNotifications: false,
  reorderNotifications: false,
  dropNotifications: false,
  notificationDelayMs: 0,
};

export class FaultState {
  current: Faults = { ...NONE };

  set(input: z.infer<typeof faultsInput>): Faults {
    this.current = { ...this.current, ...input };
    return this.current;
  }

  reset(): void {
    this.current = { ...NONE };
  }

  /** Waits the configured delay; true when this call must fail (consumes one of failNext). */
  async beforeApiCall(): Promise<boolean> {
    if (this.current.delayMs > 0) await sleep(this.current.delayMs);
    if (this.current.failNext > 0) {
      this.current = { ...this.current, failNext: this.current.failNext - 1 };
      return true;
    }
    return false;
  }
}
