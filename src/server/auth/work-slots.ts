/**
 * A counting semaphore with a bounded queue: at most `concurrency` tasks run at once, at most `maxQueue` wait,
 * and a task arriving at a full queue is refused at once (SlotsFull) instead of piling up. Password hashing
 * uses it (passwords.ts): a login storm then costs a bounded share of the CPU and the libuv threadpool, and the
 * excess is answered quickly rather than late (docs/product/accounts.md#rate-limits).
 */
export class SlotsFull extends Error {
  constructor() {
    super('too much work queued');
    this.name = 'SlotsFull';
  }
}

export interface WorkSlots {
  /** Runs `task` when a slot is free; rejects with SlotsFull at once when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now. */
  load(): { running: number; queued: number };
}

export function createWorkSlots(concurrency: number, maxQueue: number): WorkSlots {
  if (!(concurrency >= 1) || !(maxQueue >= 0)) throw new RangeError('concurrency must be ≥ 1 and maxQueue ≥ 0');
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    // the freed slot passes straight to the next waiter: `running` stays the same
    if (next) next();
    else running--;
  };
  return {
    async run(task) {
      if (running < concurrency) running++;
      else if (waiting.length < maxQueue) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new SlotsFull();
      try {
        return await task();
      } finally {
        release();
      }
    },
    load: () => ({ running, queued: waiting.length }),
  };
}
