/**
 * The internal-link picker (docs/product/content-studio.md#internal-links): searches the storefront's products,
 * categories, brands and pages (GET /content/api/link-targets) and hands back the chosen target's ref and path.
 */
import { useEffect, useRef, useState } from 'react';
import type { LinkTarget } from '#lib/content/studio-link-refs.ts';
import type { StudioLabels } from '#lib/content/studio-labels.ts';
import { useModalDialog } from './use-dialog.ts';

export const LINK_TARGETS_ENDPOINT = '/content/api/link-targets';
const SEARCH_DELAY_MS = 200;

interface Props {
  open: boolean;
  locale: string;
  labels: StudioLabels;
  onPick: (target: LinkTarget) => void;
  onClose: () => void;
}

const isTarget = (v: unknown): v is LinkTarget =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as LinkTarget).ref === 'string' &&
  typeof (v as LinkTarget).path === 'string' &&
  typeof (v as LinkTarget).label === 'string' &&
  typeof (v as LinkTarget).kind === 'string';

export function LinkPicker({ open, locale, labels, onPick, onClose }: Props) {
  const ref = useModalDialog(open, onClose);
  const [q, setQ] = useState('');
  const [targets, setTargets] = useState<LinkTarget[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    if (!open) return;
    const n = ++asked.current;
    const t = setTimeout(() => {
      const url = `${LINK_TARGETS_ENDPOINT}?${new URLSearchParams({ locale, q: q.trim() }).toString()}`;
      fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
        .then(async (r) => {
          if (!r.ok) throw new Error(String(r.status));
          const body = (await r.json()) as { targets?: unknown };
          return Array.isArray(body.targets) ? body.targets.filter(isTarget) : [];
        })
        .then(
          (found) => {
            if (n !== asked.current) return; // an older search answered late
            setFailed(false);
            setTargets(found);
          },
          () => {
            if (n === asked.current) setFailed(true);
          },
        );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [open, q, locale]);

  useEffect(() => {
    if (!open) {
      setQ('');
      setTargets(undefined);
    }
  }, [open]);

  const kindLabel = (k: LinkTarget['kind']) => labels[`studio.kind_${k}`];

  return (
    <dialog ref={ref} className="studio-dialog studio-picker" data-testid="studio-link-picker" aria-labelledby="studio-picker-title">
      <h2 id="studio-picker-title">{labels['studio.picker_title']}</h2>
      <label htmlFor="studio-link-search">{labels['studio.picker_search']}</label>
      <input
        id="studio-link-search"
        data-testid="studio-link-search"
        type="search"
        autoComplete="off"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <div role="status" className="studio-picker-status">
        {failed ? labels['studio.picker_failed'] : targets && targets.length === 0 ? labels['studio.picker_empty'] : ''}
      </div>
      {targets && targets.length > 0 ? (
        <ul className="studio-picker-results">
          {targets.map((t) => (
            <li key={t.ref}>
              <button type="button" data-testid="studio-link-option" data-ref={t.ref} onClick={() => onPick(t)}>
                <span className="studio-picker-kind">{kindLabel(t.kind)}</span> {t.label}{' '}
                <span className="studio-picker-path">{t.path}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="studio-dialog-actions">
        <button type="button" onClick={onClose}>
          {labels['studio.cancel']}
        </button>
      </div>
    </dialog>
  );
}
