import { describe, expect, it } from 'vitest';
import { createWorkSlots, SlotsFull } from '#server/auth/work-slots.ts';

/** A task that finishes when told to, recording when it started. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((r) => (open = r));
  return { open, task: () => done };
}

describe('work slots', () => {
  it('runs at most `concurrency` tasks at once, queues up to `maxQueue`, refuses the rest at once', async () => {
    const slots = createWorkSlots(2, 1);
    const started: number[] = [];
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      slots.run(async () => {
        started.push(i);
        await g.task();
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(slots.load()).toEqual({ running: 2, queued: 1 });
    await expect(slots.run(async () => 'late')).rejects.toBeInstanceOf(SlotsFull);
    gates[0]!.open();
    expect(await runs[0]).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]); // the freed slot went to the waiter
    expect(slots.load()).toEqual({ running: 2, queued: 0 });
    gates[1]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(slots.load()).toEqual({ running: 0, queued: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const slots = createWorkSlots(1, 0);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
    expect(slots.load()).toEqual({ running: 0, queued: 0 });
  });

  it('refuses nonsense sizes', () => {
    expect(() => createWorkSlots(0, 4)).toThrow(RangeError);
    expect(() => createWorkSlots(2, -1)).toThrow(RangeError);
  });
});
