/**
 * Insert an image (docs/product/content-studio.md#images): a file and its alt text, both required; uploaded to
 * POST /content/api/media, which answers the stored image with its resized variants.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { altTextOf, errorMessageOf, uploadedImage, type UploadedImage } from '#lib/content/studio-media.ts';
import { fillLabel, type StudioLabels } from '#lib/content/studio-labels.ts';
import { useModalDialog } from './use-dialog.ts';
import { CSRF_HEADER_NAME } from './use-autosave.ts';

export const MEDIA_ENDPOINT = '/content/api/media';

interface Props {
  open: boolean;
  csrf: string;
  labels: StudioLabels;
  onInsert: (image: UploadedImage) => void;
  onClose: () => void;
}

export function ImageDialog({ open, csrf, labels, onInsert, onClose }: Props) {
  const ref = useModalDialog(open, onClose);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (open) return;
    setFile(undefined);
    setAlt('');
    setError('');
    setBusy(false);
    setFormKey((k) => k + 1); // a fresh file input next time
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!file) return setError(labels['studio.image_file_required']);
    const text = altTextOf(alt);
    if (!text) return setError(labels['studio.image_alt_required']);
    setBusy(true);
    setError('');
    try {
      const body = new FormData();
      body.set('file', file);
      body.set('alt', text);
      const r = await fetch(MEDIA_ENDPOINT, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', [CSRF_HEADER_NAME]: csrf },
        body,
      });
      const json: unknown = await r.json().catch(() => undefined);
      const image = r.status === 201 || r.status === 200 ? uploadedImage(json) : undefined;
      if (!image) {
        setError(fillLabel(labels['studio.image_failed'], { message: errorMessageOf(r.status, json) }));
        return;
      }
      onInsert(image);
    } catch (err) {
      setError(fillLabel(labels['studio.image_failed'], { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="studio-dialog" data-testid="studio-image-dialog" aria-labelledby="studio-image-title">
      <form key={formKey} onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="studio-image-title">{labels['studio.image_title']}</h2>
        <label htmlFor="studio-image-file">{labels['studio.image_file']}</label>
        <input
          id="studio-image-file"
          data-testid="studio-image-file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          required
          onChange={(e) => setFile(e.target.files?.[0])}
        />
        <label htmlFor="studio-image-alt">{labels['studio.image_alt']}</label>
        <input
          id="studio-image-alt"
          data-testid="studio-image-alt"
          type="text"
          required
          maxLength={300}
          aria-invalid={error === labels['studio.image_alt_required'] ? true : undefined}
          aria-describedby="studio-image-error"
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
        />
        <p id="studio-image-error" className="studio-dialog-error" role="alert" data-testid="studio-image-error">
          {error}
        </p>
        <div className="studio-dialog-actions">
          <button type="submit" data-testid="studio-image-insert" disabled={busy}>
            {busy ? labels['studio.image_uploading'] : labels['studio.image_insert']}
          </button>
          <button type="button" onClick={onClose}>
            {labels['studio.cancel']}
          </button>
        </div>
      </form>
    </dialog>
  );
}
