/**
 * Autosave of the studio (docs/product/content-studio.md#autosave): ~800 ms after the last change the draft is
 * posted to /content/api/draft with the revision it was based on; one save at a time. A conflict stops saving
 * (someone else saved in between), a network failure retries with backoff, a refusal waits for the next change.
 * `flush()` saves what is pending now and answers the revision to publish (undefined when that failed).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOSAVE_DELAY_MS, retryDelayMs, sameDraft, saveOutcome, type DraftSave, type SaveOutcome } from '#lib/content/studio-autosave.ts';

export const DRAFT_ENDPOINT = '/content/api/draft';
export const CSRF_HEADER_NAME = 'x-csrf-token';

export type Fields = Omit<DraftSave, 'baseRevision'>;

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; savedAt: string }
  | { kind: 'offline' }
  | { kind: 'refused'; message: string }
  | { kind: 'conflict'; updatedBy: string; updatedAt: string };

interface Options {
  initial: Fields;
  revision: number;
  csrf: string;
  onSaved: (previewHref: string) => void;
}

async function postDraft(body: DraftSave, csrf: string): Promise<SaveOutcome> {
  try {
    const r = await fetch(DRAFT_ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER_NAME]: csrf },
      body: JSON.stringify(body),
    });
    const json: unknown = await r.json().catch(() => undefined);
    return saveOutcome(r.status, json);
  } catch {
    return { kind: 'failed' };
  }
}

export function useAutosave({ initial, revision, csrf, onSaved }: Options) {
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const revisionRef = useRef(revision);
  const saved = useRef<Fields>(initial);
  const latest = useRef<Fields>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<Promise<void> | undefined>(undefined);
  const attempts = useRef(0);
  const stopped = useRef(false);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const clearTimer = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };

  /** Saves until what is saved is the latest (changes made during a save are saved right after it). */
  const saveNow = useCallback((): Promise<void> => {
    clearTimer();
    if (running.current) return running.current;
    const run = (async () => {
      while (!stopped.current && !sameDraft(latest.current, saved.current)) {
        const fields = latest.current;
        setStatus({ kind: 'saving' });
        const outcome = await postDraft({ ...fields, baseRevision: revisionRef.current }, csrf);
        if (outcome.kind === 'saved') {
          attempts.current = 0;
          revisionRef.current = outcome.revision;
          saved.current = fields;
          setStatus({ kind: 'saved', savedAt: outcome.savedAt || new Date().toISOString() });
          onSavedRef.current(outcome.previewHref);
          continue;
        }
        if (outcome.kind === 'conflict') {
          stopped.current = true;
          setStatus({ kind: 'conflict', updatedBy: outcome.updatedBy, updatedAt: outcome.updatedAt });
        } else if (outcome.kind === 'refused') {
          // the same fields would be refused again: wait for the next change
          setStatus({ kind: 'refused', message: outcome.message });
        } else {
          attempts.current += 1;
          setStatus({ kind: 'offline' });
          timer.current = setTimeout(() => void saveNow(), retryDelayMs(attempts.current));
        }
        return;
      }
    })().finally(() => {
      running.current = undefined;
    });
    running.current = run;
    return run;
  }, [csrf]);

  /** The editor changed: save a moment after the last change. */
  const change = useCallback(
    (fields: Fields) => {
      latest.current = fields;
      if (stopped.current) return;
      if (sameDraft(fields, saved.current)) return;
      setStatus((s) => (s.kind === 'offline' ? s : { kind: 'pending' }));
      clearTimer();
      attempts.current = 0;
      timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    },
    [saveNow],
  );

  /** Saves what is pending (waiting for a save under way) and answers the revision, or undefined when not saved. */
  const flush = useCallback(async (): Promise<number | undefined> => {
    if (stopped.current) return undefined;
    if (running.current) await running.current;
    await saveNow();
    return sameDraft(latest.current, saved.current) && !stopped.current ? revisionRef.current : undefined;
  }, [saveNow]);

  useEffect(() => clearTimer, []);

  return { status, change, flush, revision: () => revisionRef.current };
}
