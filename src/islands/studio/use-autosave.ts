/**
 * The island's side of the autosave (createAutosaver in src/lib/content/studio-autosave.ts): the POST to
 * /content/api/draft with the session's CSRF token, and the status as React state.
 */
import { useEffect, useState } from 'react';
import {
  createAutosaver,
  saveOutcome,
  type DraftSave,
  type Fields,
  type SaveOutcome,
  type SaveStatus,
} from '#lib/content/studio-autosave.ts';

export const DRAFT_ENDPOINT = '/content/api/draft';
export const CSRF_HEADER_NAME = 'x-csrf-token';

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

interface Options {
  initial: Fields;
  revision: number;
  csrf: string;
  /** Stable (a state setter or a callback without dependencies): the saver is made once. */
  onSaved: (previewHref: string) => void;
}

export function useAutosave({ initial, revision, csrf, onSaved }: Options) {
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [saver] = useState(() =>
    createAutosaver({ initial, revision, post: (body) => postDraft(body, csrf), onStatus: setStatus, onSaved, now: () => new Date() }),
  );
  useEffect(() => () => saver.dispose(), [saver]);
  return { status, saver };
}
