/**
 * The preview beside the editor (docs/product/content-studio.md#preview): the signed /page-preview of the draft
 * on the storefront's domain at a phone's (375 px) and a desktop's (1280 px) width, each scaled to fit its column,
 * reloaded (re-mounted) after every save.
 */
import { useEffect, useRef, useState } from 'react';
import { PREVIEW_HEIGHTS, PREVIEW_WIDTHS, previewScale } from '#lib/content/studio-preview.ts';
import type { StudioLabels } from '#lib/content/studio-labels.ts';

interface Props {
  href: string;
  reload: number;
  labels: StudioLabels;
}

function ScaledFrame({ kind, href, reload, title }: { kind: 'mobile' | 'desktop'; href: string; reload: number; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setAvailable(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const width = PREVIEW_WIDTHS[kind];
  const height = PREVIEW_HEIGHTS[kind];
  const scale = previewScale(available, width);
  return (
    <div className={`studio-preview-frame studio-preview-${kind}`} ref={box}>
      <div className="studio-preview-viewport" style={{ height: `${Math.round(height * scale)}px` }}>
        {href ? (
          <iframe
            key={reload}
            src={href}
            title={title}
            data-testid={`studio-preview-${kind}`}
            data-reload={reload}
            width={width}
            height={height}
            loading="lazy"
            referrerPolicy="no-referrer"
            style={{ width: `${width}px`, height: `${height}px`, transform: `scale(${scale})`, transformOrigin: '0 0' }}
          />
        ) : null}
      </div>
    </div>
  );
}

export function PreviewPane({ href, reload, labels }: Props) {
  return (
    <section className="studio-preview" aria-labelledby="studio-preview-title">
      <h2 id="studio-preview-title">{labels['studio.preview_title']}</h2>
      {/* a page or widget without a draft has no preview link yet */}
      {!href && <p className="studio-preview-none">{labels['studio.preview_none']}</p>}
      <div className="studio-preview-frames">
        <ScaledFrame kind="mobile" href={href} reload={reload} title={labels['studio.preview_mobile']} />
        <ScaledFrame kind="desktop" href={href} reload={reload} title={labels['studio.preview_desktop']} />
      </div>
    </section>
  );
}
