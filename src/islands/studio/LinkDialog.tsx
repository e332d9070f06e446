/** Link to a web address (docs/product/content-studio.md#editor): set, change or remove the selection's link. */
import { useEffect, useState, type FormEvent } from 'react';
import type { StudioLabels } from '#lib/content/studio-labels.ts';
import { useModalDialog } from './use-dialog.ts';

interface Props {
  open: boolean;
  initialUrl: string;
  labels: StudioLabels;
  /** False when the address cannot be linked (the dialog stays open and says so). */
  onApply: (url: string) => boolean;
  onRemove: () => void;
  onClose: () => void;
}

export function LinkDialog({ open, initialUrl, labels, onApply, onRemove, onClose }: Props) {
  const ref = useModalDialog(open, onClose);
  const [url, setUrl] = useState(initialUrl);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (open) {
      setUrl(initialUrl);
      setInvalid(false);
    }
  }, [open, initialUrl]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = url.trim();
    if (!v) return onRemove();
    setInvalid(!onApply(v));
  };
  return (
    <dialog ref={ref} className="studio-dialog" data-testid="studio-link-dialog" aria-labelledby="studio-link-title">
      <form onSubmit={submit}>
        <h2 id="studio-link-title">{labels['studio.link_title']}</h2>
        <label htmlFor="studio-link-url">{labels['studio.link_url']}</label>
        <input
          id="studio-link-url"
          data-testid="studio-link-url"
          type="text"
          inputMode="url"
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby="studio-link-error"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <p id="studio-link-error" className="studio-dialog-error" role="alert">
          {invalid ? labels['studio.link_invalid'] : ''}
        </p>
        <div className="studio-dialog-actions">
          <button type="submit">{labels['studio.link_apply']}</button>
          {initialUrl ? (
            <button type="button" onClick={onRemove}>
              {labels['studio.link_remove']}
            </button>
          ) : null}
          <button type="button" onClick={onClose}>
            {labels['studio.cancel']}
          </button>
        </div>
      </form>
    </dialog>
  );
}
