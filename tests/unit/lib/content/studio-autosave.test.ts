/** The studio's autosave (docs/product/content-studio.md#autosave): debounce, version check, retry, flush. */
import { describe, expect, it } from 'vitest';
import {
  AUTOSAVE_DELAY_MS,
  createAutosaver,
  retryDelayMs,
  saveOutcome,
  type DraftSave,
  type SaveOutcome,
  type SaveStatus,
} from '#lib/content/studio-autosave.ts';

const initial = { locale: 'sv', slug: 'om-oss', title: 'Om oss', metaDescription: '', bodyHtml: '<p>x</p>' };

/** A saver over a scripted server and hand-run timers. */
function harness(answers: ((body: DraftSave) => SaveOutcome)[]) {
  const posted: DraftSave[] = [];
  const statuses: SaveStatus[] = [];
  const previews: string[] = [];
  let timers: { fn: () => void; ms: number }[] = [];
  const saver = createAutosaver({
    initial,
    revision: 3,
    post: (body) => {
      posted.push(body);
      const answer =
        answers.shift() ?? ((b: DraftSave) => ({ kind: 'saved', revision: b.baseRevision + 1, savedAt: '', previewHref: 'p' }));
      return Promise.resolve(answer(body));
    },
    onStatus: (s) => statuses.push(s),
    onSaved: (href) => previews.push(href),
    setTimer: (fn, ms) => {
      const t = { fn, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => {
      timers = timers.filter((t) => t !== h);
    },
    now: () => new Date('2026-11-27T10:15:00Z'),
  });
  /** Runs the pending timers (the debounce or a retry) and lets the saves finish. */
  const tick = async () => {
    const due = timers;
    timers = [];
    for (const t of due) t.fn();
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { saver, posted, statuses, previews, timers: () => timers, tick };
}

const saved =
  (revision: number, previewHref = `preview-${revision}`): ((b: DraftSave) => SaveOutcome) =>
  () => ({
    kind: 'saved',
    revision,
    savedAt: '2026-11-27T10:16:00Z',
    previewHref,
  });

describe('studio autosave', () => {
  it('saves once after the last of several quick changes, with the revision it started from', async () => {
    const h = harness([saved(4)]);
    h.saver.change({ bodyHtml: '<p>a</p>' });
    h.saver.change({ bodyHtml: '<p>ab</p>' });
    h.saver.change({ title: 'Om oss!' });
    expect(h.timers()).toHaveLength(1);
    expect(h.timers()[0]!.ms).toBe(AUTOSAVE_DELAY_MS);
    await h.tick();
    expect(h.posted).toEqual([{ ...initial, bodyHtml: '<p>ab</p>', title: 'Om oss!', baseRevision: 3 }]);
    expect(h.statuses.at(-1)).toEqual({ kind: 'saved', savedAt: '2026-11-27T10:16:00Z' });
    expect(h.previews).toEqual(['preview-4']);
    expect(h.saver.revision()).toBe(4);
    // the next save names the new revision
    h.saver.change({ bodyHtml: '<p>abc</p>' });
    await h.tick();
    expect(h.posted[1]!.baseRevision).toBe(4);
  });

  it('does not save what is already saved', async () => {
    const h = harness([]);
    h.saver.change({ title: initial.title });
    expect(h.timers()).toHaveLength(0);
    expect(await h.saver.flush()).toBe(3);
    expect(h.posted).toHaveLength(0);
  });

  it('stops on a conflict and says who saved', async () => {
    const h = harness([() => ({ kind: 'conflict', updatedBy: 'Anna', updatedAt: '2026-11-27T10:10:00Z', revision: 5 })]);
    h.saver.change({ bodyHtml: '<p>mine</p>' });
    await h.tick();
    expect(h.statuses.at(-1)).toEqual({ kind: 'conflict', updatedBy: 'Anna', updatedAt: '2026-11-27T10:10:00Z' });
    h.saver.change({ bodyHtml: '<p>more</p>' });
    expect(h.timers()).toHaveLength(0);
    expect(await h.saver.flush()).toBeUndefined();
    expect(h.posted).toHaveLength(1);
  });

  it('retries a failed save with growing waits, then saves', async () => {
    const h = harness([() => ({ kind: 'failed' }), () => ({ kind: 'failed' }), saved(4)]);
    h.saver.change({ bodyHtml: '<p>a</p>' });
    await h.tick();
    expect(h.statuses.at(-1)).toEqual({ kind: 'offline' });
    expect(h.timers().map((t) => t.ms)).toEqual([retryDelayMs(1)]);
    await h.tick();
    expect(h.timers().map((t) => t.ms)).toEqual([retryDelayMs(2)]);
    await h.tick();
    expect(h.posted).toHaveLength(3);
    expect(h.statuses.at(-1)?.kind).toBe('saved');
    expect(retryDelayMs(1)).toBe(1000);
    expect(retryDelayMs(2)).toBe(2000);
    expect(retryDelayMs(20)).toBe(30_000);
  });

  it('a refused save waits for the next change', async () => {
    const h = harness([() => ({ kind: 'refused', message: 'title: too long' })]);
    h.saver.change({ title: 'x'.repeat(250) });
    await h.tick();
    expect(h.statuses.at(-1)).toEqual({ kind: 'refused', message: 'title: too long' });
    expect(h.timers()).toHaveLength(0);
    h.saver.change({ title: 'Kort' });
    await h.tick();
    expect(h.posted.at(-1)!.title).toBe('Kort');
  });

  it('flush saves pending edits at once and answers the new revision', async () => {
    const h = harness([saved(7)]);
    h.saver.change({ bodyHtml: '<p>typed just now</p>' });
    expect(h.saver.unsaved()).toBe(true);
    expect(await h.saver.flush()).toBe(7);
    expect(h.saver.unsaved()).toBe(false);
    expect(h.posted).toHaveLength(1);
    expect(h.timers()).toHaveLength(0);
  });

  it('reads the draft endpoint answers', () => {
    expect(saveOutcome(200, { revision: 4, savedAt: 't', previewHref: 'https://sv.localhost/page-preview?x' })).toEqual({
      kind: 'saved',
      revision: 4,
      savedAt: 't',
      previewHref: 'https://sv.localhost/page-preview?x',
    });
    expect(
      saveOutcome(409, { error: { code: 'conflict', message: 'm' }, current: { revision: 9, updatedBy: 'Anna', updatedAt: 't' } }),
    ).toEqual({ kind: 'conflict', revision: 9, updatedBy: 'Anna', updatedAt: 't' });
    expect(saveOutcome(400, { error: { code: 'invalid_request', message: 'title: required' } })).toEqual({
      kind: 'refused',
      message: 'title: required',
    });
    expect(saveOutcome(403, undefined)).toEqual({ kind: 'refused', message: 'HTTP 403' });
    expect(saveOutcome(503, undefined)).toEqual({ kind: 'failed' });
    expect(saveOutcome(429, undefined)).toEqual({ kind: 'failed' });
    expect(saveOutcome(200, { revision: 'x' })).toEqual({ kind: 'failed' });
  });
});
