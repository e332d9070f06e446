/**
 * The studio's autosave rules (docs/product/content-studio.md#autosave), pure so they are unit-tested and the
 * island stays thin: when to save, how long to wait after a failed save, and what an answer of
 * POST /content/api/draft means.
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
  locale: string;
  slug: string;
  title: string;
  metaDescription: string;
  bodyHtml: string;
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
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { kind: 'refused', message: str(error.message) ?? `HTTP ${status}` };
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
  a.title === b.title && a.metaDescription === b.metaDescription && a.bodyHtml === b.bodyHtml && a.slug === b.slug && a.locale === b.locale;
