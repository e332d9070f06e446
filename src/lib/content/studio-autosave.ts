/**
 * The studio's autosave (docs/product/content-studio.md#autosave), framework-free so it is unit-tested and the
 * island stays thin: ~800 ms after the last change the draft is posted with the revision it was based on, one save
 * at a time; a conflict (someone else saved in between) stops saving, a network failure retries with backoff, a
 * refusal waits for the next change. `flush()` saves what is pending now and answers the revision to publish.
 */

/** A save starts this long after the last change. */
export const AUTOSAVE_DELAY_MS = 800;

const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** The wait before retry `attempt` (1, 2, …) after a network failure: doubling from 1 s, at most 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

/** The body of POST /content/api/draft. */
export interface DraftSave {
  /** A layout widget's draft (slug = the widget's); a page's when absent. */
  kind?: 'page' | 'widget';
  locale: string;
  slug: string;
  title: string;
  metaDescription: string;
  bodyHtml: string;
  /** A widget's "hidden" switch. */
  hidden?: boolean;
  baseRevision: number;
}

export type SaveOutcome =
  | { kind: 'saved'; revision: number; savedAt: string; previewHref: string }
  | { kind: 'conflict'; updatedBy: string; updatedAt: string; revision: number }
  /** 4xx other than a conflict: saving again unchanged would fail again (a bad field, an ended session). */
  | { kind: 'refused'; message: string }
  /** No answer or a 5xx: worth retrying. */
  | { kind: 'failed' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

/** What an answer (status + parsed JSON body, undefined when not JSON) of the draft endpoint means. */
export function saveOutcome(status: number, body: unknown): SaveOutcome {
  const b = isRecord(body) ? body : {};
  if (status === 200) {
    const revision = num(b.revision);
    const previewHref = str(b.previewHref);
    if (revision !== undefined && previewHref !== undefined) return { kind: 'saved', revision, savedAt: str(b.savedAt) ?? '', previewHref };
    return { kind: 'failed' };
  }
  const error = isRecord(b.error) ? b.error : {};
  if (status === 409 && error.code === 'conflict') {
    const current = isRecord(b.current) ? b.current : {};
    return {
      kind: 'conflict',
      updatedBy: str(current.updatedBy) ?? '?',
      updatedAt: str(current.updatedAt) ?? '',
      revision: num(current.revision) ?? 0,
    };
  }
  if (status >= 400 && status < 500 && status !== 408 && status !== 429)
    return { kind: 'refused', message: str(error.message) ?? `HTTP ${status}` };
  return { kind: 'failed' };
}

/** HH:MM of an ISO time in the browser's zone (the status line); the text itself when it is no time. */
export function clockTime(iso: string, locale = 'en'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleTimeString(locale === 'sv' ? 'sv-SE' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** Two saves of the same fields are the same: nothing to save. */
export const sameDraft = (a: Omit<DraftSave, 'baseRevision'>, b: Omit<DraftSave, 'baseRevision'>): boolean =>
  a.title === b.title &&
  a.metaDescription === b.metaDescription &&
  a.bodyHtml === b.bodyHtml &&
  a.slug === b.slug &&
  a.locale === b.locale &&
  !!a.hidden === !!b.hidden;

export type Fields = Omit<DraftSave, 'baseRevision'>;

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; savedAt: string }
  | { kind: 'offline' }
  | { kind: 'refused'; message: string }
  | { kind: 'conflict'; updatedBy: string; updatedAt: string };

export interface AutosaverDeps {
  initial: Fields;
  revision: number;
  /** Posts one save and reads its answer (saveOutcome); never throws. */
  post: (body: DraftSave) => Promise<SaveOutcome>;
  onStatus: (status: SaveStatus) => void;
  onSaved: (previewHref: string) => void;
  /** Timers (injected for tests). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** The clock (the save time shown when an answer has none). */
  now: () => Date;
}

export interface Autosaver {
  /** Some fields changed (the rest stay as they were). */
  change(fields: Partial<Fields>): void;
  /** Saves what is pending (after a save under way); the saved revision, or undefined when it could not be saved. */
  flush(): Promise<number | undefined>;
  revision(): number;
  /** Edits not saved yet that a save may still keep (after a conflict, none can). */
  unsaved(): boolean;
  /** Stops the timers (the island unmounts). */
  dispose(): void;
}

export function createAutosaver(d: AutosaverDeps): Autosaver {
  const setTimer = d.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = d.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const now = d.now;
  let revision = d.revision;
  let saved: Fields = d.initial;
  let latest: Fields = d.initial;
  let timer: unknown;
  let running: Promise<void> | undefined;
  let attempts = 0;
  let stopped = false;

  const cancel = () => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  };

  const saveNow = (): Promise<void> => {
    cancel();
    if (running) return running;
    running = (async () => {
      while (!stopped && !sameDraft(latest, saved)) {
        const fields = latest;
        d.onStatus({ kind: 'saving' });
        const outcome = await d.post({ ...fields, baseRevision: revision });
        if (outcome.kind === 'saved') {
          attempts = 0;
          revision = outcome.revision;
          saved = fields;
          d.onStatus({ kind: 'saved', savedAt: outcome.savedAt || now().toISOString() });
          d.onSaved(outcome.previewHref);
          continue;
        }
        if (outcome.kind === 'conflict') {
          stopped = true;
          d.onStatus({ kind: 'conflict', updatedBy: outcome.updatedBy, updatedAt: outcome.updatedAt });
        } else if (outcome.kind === 'refused') {
          d.onStatus({ kind: 'refused', message: outcome.message });
        } else {
          attempts += 1;
          d.onStatus({ kind: 'offline' });
          timer = setTimer(() => void saveNow(), retryDelayMs(attempts));
        }
        return;
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    change(fields) {
      latest = { ...latest, ...fields };
      if (stopped || sameDraft(latest, saved)) return;
      if (attempts === 0) d.onStatus({ kind: 'pending' });
      cancel();
      timer = setTimer(() => void saveNow(), AUTOSAVE_DELAY_MS);
    },
    async flush() {
      if (running) await running;
      await saveNow();
      return !stopped && sameDraft(latest, saved) ? revision : undefined;
    },
    revision: () => revision,
    unsaved: () => !stopped && !sameDraft(latest, saved),
    dispose() {
      stopped = true;
      cancel();
    },
  };
}
