/**
 * Christmas calendar (docs/product/catalogue.md#christmas-calendar): 24 doors, 1–24 December, each with one deal product. The page is static,
 * so every door is in the HTML (crawlable); the browser locks the doors whose day has not come yet.
 */
export const CALENDAR_DOORS = 24;

/** The December the calendar is for: this year's, or — in January, after the season — still last year's. */
export function calendarYear(buildDate: Date): number {
  return buildDate.getUTCMonth() === 0 ? buildDate.getUTCFullYear() - 1 : buildDate.getUTCFullYear();
}

/** A door is open from its day on (in December of the calendar year), and stays open afterwards. */
export function isDoorOpen(door: number, year: number, today: Date): boolean {
  const y = today.getFullYear();
  if (y !== year) return y > year;
  return today.getMonth() === 11 && today.getDate() >= door;
}

/**
 * Which products go behind the doors: campaign products first, then orderable in-stock ones, spread over
 * the catalogue so neighbouring doors differ. Deterministic for a catalogue.
 */
type DoorCandidate = { id: number; orderable: boolean; stock_status: string; campaign: boolean };

/**
 * The candidates the doors are spread over: the first 96 orderable ones, campaign products first, then in stock,
 * by id. Taking the pool of (a pool + more products) gives the pool of all of them, so it can be kept while the
 * products are read a chunk at a time.
 */
export function doorPool<T extends DoorCandidate>(products: readonly T[]): T[] {
  return products
    .filter((p) => p.orderable)
    .sort(
      (a, b) =>
        Number(b.campaign) - Number(a.campaign) ||
        Number(b.stock_status === 'in-stock') - Number(a.stock_status === 'in-stock') ||
        a.id - b.id,
    )
    .slice(0, Math.max(CALENDAR_DOORS, 96));
}

export function pickDoorProducts<T extends DoorCandidate>(products: readonly T[]): T[] {
  const pool = doorPool(products);
  if (pool.length <= CALENDAR_DOORS) return pool;
  const step = pool.length / CALENDAR_DOORS;
  return Array.from({ length: CALENDAR_DOORS }, (_, i) => pool[Math.floor(i * step)]);
}

/**
 * The doors with an editor's choices (docs/product/content-studio.md#christmas-calendar): a chosen door shows its
 * product; the others keep the automatic pick in order, without the products chosen elsewhere (no product twice).
 */
export function withChosenDoors<T extends { id: number }>(automatic: readonly T[], chosen: ReadonlyMap<number, T>): T[] {
  const taken = new Set([...chosen.values()].map((p) => p.id));
  const rest = automatic.filter((p) => !taken.has(p.id));
  const doors: T[] = [];
  for (let door = 1; door <= CALENDAR_DOORS; door++) {
    const pick = chosen.get(door) ?? rest.shift();
    if (pick) doors.push(pick);
  }
  return doors;
}
