import { describe, expect, it } from 'vitest';
import {
  calendarYear,
  doorPool,
  isDoorOpen,
  pickDoorProducts,
  CALENDAR_DOORS,
  withChosenDoors,
} from '#lib/catalogue/christmas-calendar.ts';

describe('Christmas calendar', () => {
  it("is for this December, or last year's in January", () => {
    expect(calendarYear(new Date('2026-11-22T12:00:00Z'))).toBe(2026);
    expect(calendarYear(new Date('2027-01-05T12:00:00Z'))).toBe(2026);
  });
  it('opens a door from its day on', () => {
    expect(isDoorOpen(5, 2026, new Date(2026, 11, 4))).toBe(false);
    expect(isDoorOpen(5, 2026, new Date(2026, 11, 5))).toBe(true);
    expect(isDoorOpen(24, 2026, new Date(2026, 10, 30))).toBe(false);
    expect(isDoorOpen(24, 2026, new Date(2027, 0, 2))).toBe(true);
  });
  it('puts 24 distinct orderable products behind the doors, campaigns first', () => {
    const products = Array.from({ length: 200 }, (_, i) => ({
      id: i + 1,
      orderable: i % 7 !== 0,
      stock_status: 'in-stock',
      campaign: i % 10 === 3,
    }));
    const doors = pickDoorProducts(products);
    expect(doors).toHaveLength(CALENDAR_DOORS);
    expect(new Set(doors.map((d) => d.id)).size).toBe(CALENDAR_DOORS);
    expect(doors.every((d) => d.orderable)).toBe(true);
    expect(doors[0].campaign).toBe(true);
    expect(pickDoorProducts(products.slice(0, 5)).length).toBeLessThanOrEqual(5);
  });
  it('keeps the same pool when the products come a chunk at a time (the pages read them so)', () => {
    const products = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      orderable: i % 7 !== 0,
      stock_status: i % 3 === 0 ? 'in-stock' : 'back-order-slow',
      campaign: i % 41 === 3,
    }));
    let pool: typeof products = [];
    for (let i = 0; i < products.length; i += 64) pool = doorPool([...pool, ...products.slice(i, i + 64)]);
    expect(pool).toEqual(doorPool(products));
    expect(pickDoorProducts(pool)).toEqual(pickDoorProducts(products));
    expect(pool.filter((p) => p.campaign).length).toBeGreaterThan(10);
  });
});

describe('doors an editor chose', () => {
  const auto = Array.from({ length: 30 }, (_, i) => ({ id: i + 1 }));
  it('keeps the chosen doors and fills the others with the automatic pick in order, no product twice', () => {
    const doors = withChosenDoors(
      auto.slice(0, 24),
      new Map([
        [1, { id: 3 }],
        [24, { id: 99 }],
      ]),
    );
    expect(doors).toHaveLength(24);
    expect(doors[0]).toEqual({ id: 3 });
    expect(doors[23]).toEqual({ id: 99 });
    // 3 is chosen for door 1, so the automatic list goes on without it
    expect(doors.slice(1, 4).map((d) => d.id)).toEqual([1, 2, 4]);
    expect(new Set(doors.map((d) => d.id)).size).toBe(24);
  });
  it('is the automatic pick without choices, and leaves doors empty only when products run out', () => {
    expect(withChosenDoors(auto.slice(0, 24), new Map())).toEqual(auto.slice(0, 24));
    expect(withChosenDoors(auto.slice(0, 2), new Map([[5, { id: 7 }]])).map((d) => d.id)).toEqual([1, 2, 7]);
  });
});
