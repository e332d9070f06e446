/**
 * `astro build` prints one line per prerendered page (thousands on a real catalogue). This filter replaces them
 * with ONE progress line — pages done/total, pages per second, time left — and passes every other line through
 * (docs/product/configuration.md#quiet-builds). On a terminal the line is rewritten in place with \r; otherwise
 * (CI logs, pipes) a line is printed every 10 % or every `everyMs`. PARTSFRONT_BUILD_LOG=pages shows every page.
 * The total comes from the storefronts integration's line `prerendering N pages` (integrations/storefronts.mjs).
 */

/** The integration's line announcing how many pages the build prerenders. */
export const TOTAL_LINE = /prerendering (\d+) pages\b/;

export interface BuildLogFilterOptions {
  /** Rewrite the line in place (a terminal) or print occasional lines. */
  tty: boolean;
  /** Pass every line through unchanged (PARTSFRONT_BUILD_LOG=pages). */
  verbose?: boolean;
  /** The clock (ms), for the rate and the time left. */
  now: () => number;
  /** At most this long between two printed lines when not a terminal (default 10 s). */
  everyMs?: number;
}

export interface BuildLogFilter {
  push(chunk: string): void;
  /** Flushes the last partial line and finishes the progress line. */
  end(): void;
  /** Pages counted so far. */
  readonly pages: number;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;
const PAGE_MARK = /├─/g;
/** What Astro prints after a page: its render time, `(cached)`, `(restored)`, `(file not created …)`. */
const AFTER_PAGE = /^\s*(\((\+[\d.]+\s*m?s|cached|restored|file not created[^)]*)\)\s*)+$/;

const seconds = (s: number): string => (s >= 90 ? `${Math.round(s / 60)} min` : `${Math.max(1, Math.round(s))} s`);

/** The progress line (without a line end). */
export function progressLine(done: number, total: number | undefined, perSecond: number): string {
  const rate = perSecond > 0 ? `, ${Math.round(perSecond)} pages/s` : '';
  if (!total) return `prerendering pages: ${done}${rate}`;
  const pct = Math.min(100, Math.floor((done / total) * 100));
  const left = done < total && perSecond > 0 ? `, about ${seconds((total - done) / perSecond)} left` : '';
  return `prerendering pages: ${done}/${total} (${pct} %)${rate}${left}`;
}

export function buildLogFilter(write: (s: string) => void, opts: BuildLogFilterOptions): BuildLogFilter {
  const { now } = opts;
  const everyMs = opts.everyMs ?? 10_000;
  let partial = '';
  let total: number | undefined;
  let done = 0;
  let started = 0;
  let shown = false; // a progress line is on the terminal without its line end
  let lastAt = 0;
  let lastTenth = -1;
  let lastDone = -1;

  // No rate (nor time left) before a second has passed: the first pages arrive together.
  const rate = () => {
    const elapsed = (now() - started) / 1000;
    return elapsed >= 1 ? done / elapsed : 0;
  };
  const draw = (final: boolean) => {
    const t = now();
    const line = progressLine(done, total, rate());
    if (opts.tty) {
      if (!final && t - lastAt < 100) return;
      write(`\r${line}\x1b[K${final ? '\n' : ''}`);
      shown = !final;
    } else {
      const tenth = total ? Math.floor((done / total) * 10) : -1;
      if (!final && tenth === lastTenth && t - lastAt < everyMs) return;
      if (final && done === lastDone) return;
      lastTenth = tenth;
      write(`${line}\n`);
    }
    lastAt = t;
    lastDone = done;
  };
  const other = (line: string) => {
    if (shown) {
      write('\n');
      shown = false;
    }
    write(`${line}\n`);
  };
  const onLine = (line: string) => {
    if (opts.verbose) return write(`${line}\n`);
    const plain = line.replace(ANSI, '');
    const total_ = TOTAL_LINE.exec(plain);
    if (total_) {
      total = Number(total_[1]);
      return;
    }
    const pages = plain.match(PAGE_MARK)?.length ?? 0;
    if (pages > 0) {
      if (done === 0) started = now();
      done += pages;
      draw(total !== undefined && done >= total);
      return;
    }
    if (done > 0 && AFTER_PAGE.test(plain)) return;
    if (plain.trim() === '' && done > 0 && (total === undefined || done < total)) return;
    // The first line after the pages ends the phase: its last progress line first.
    if (done > 0 && lastDone !== done) draw(true);
    other(line);
  };

  return {
    push(chunk) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    },
    end() {
      if (partial) onLine(partial);
      partial = '';
      if (done > 0 && lastDone !== done) draw(true);
      else if (shown) write('\n');
      shown = false;
    },
    get pages() {
      return done;
    },
  };
}
