/**
 * Social proof on product pages (docs/product/tracking.md#social-proof): "N viewed recently" and "N bought
 * today" from the server's counts, shown only above thresholds, after a wait, and in the `shown` variant of
 * its experiment. Pure.
 */

/** Views of the product in the last VIEW_WINDOW_HOURS hours, counted per hour on the server. */
export const VIEW_WINDOW_HOURS = 24;
/** Fewer views than this read as "nobody": the hint stays hidden. */
export const MIN_VIEWS_SHOWN = 5;
/** Units sold today in the storefront's time zone. */
export const MIN_BOUGHT_SHOWN = 2;
/** The hints appear after the visitor has stayed this long on the page (a glance is not interest). */
export const SOCIAL_PROOF_DELAY_MS = 3000;

export const RECENT_VIEWS_EXPERIMENT = 'recent_product_views';
export const BOUGHT_TODAY_EXPERIMENT = 'items_bought_today';

export interface ProductActivity {
  viewed_recently: number;
  bought_today: number;
}

export interface SocialProofHints {
  viewedRecently: number | null;
  boughtToday: number | null;
}

/** Anything but `shown` (hidden, not assigned, an unknown name answered `original`) keeps a hint off. */
export function hintsToShow(
  activity: ProductActivity,
  flags: { productViewsRecently: boolean; itemsBoughtToday: boolean },
): SocialProofHints {
  return {
    viewedRecently: flags.productViewsRecently && activity.viewed_recently >= MIN_VIEWS_SHOWN ? activity.viewed_recently : null,
    boughtToday: flags.itemsBoughtToday && activity.bought_today >= MIN_BOUGHT_SHOWN ? activity.bought_today : null,
  };
}

export const isShown = (variant: string): boolean => variant === 'shown';

/** The UTC instant of the last local midnight in `timeZone` at `now`. */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const sinceMidnightMs = ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000 + now.getUTCMilliseconds();
  return new Date(now.getTime() - sinceMidnightMs);
}

/** The hour bucket of a view: "2026-11-24T15" (UTC). */
export function hourBucket(at: Date): string {
  return at.toISOString().slice(0, 13);
}

/** The oldest hour bucket inside the window that ends at `now` (the current hour counts as one). */
export function firstBucketOfWindow(now: Date, hours = VIEW_WINDOW_HOURS): string {
  return hourBucket(new Date(now.getTime() - (hours - 1) * 3_600_000));
}
