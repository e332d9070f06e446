/**
 * The content studio's editor (docs/product/content-studio.md#editor), rendered by the studio page as
 * `<StudioEditor client:load {...props} />`: title and meta description, the Tiptap rich-text editor with its
 * toolbar and dialogs, the autosave status and the preview at phone and desktop width. It talks only to the
 * back office's JSON endpoints (draft, media, link-targets) with the session's CSRF token; no server code here.
 */
import { useCallback, useEffect, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { externalHref, type LinkTarget } from '#lib/content/studio-link-refs.ts';
import type { UploadedImage } from '#lib/content/studio-media.ts';
import { fillLabel, type StudioLabels } from '#lib/content/studio-labels.ts';
import { clockTime, type SaveStatus } from '#lib/content/studio-autosave.ts';
import { studioExtensions } from './studio-extensions.ts';
import { StudioToolbar } from './StudioToolbar.tsx';
import { LinkDialog } from './LinkDialog.tsx';
import { LinkPicker } from './LinkPicker.tsx';
import { ImageDialog } from './ImageDialog.tsx';
import { PreviewPane } from './PreviewPane.tsx';
import { useAutosave } from './use-autosave.ts';
import { useFlushForms } from './use-flush-forms.ts';
import '#styles/studio.css';

export interface StudioEditorProps {
  /** A layout widget (no title or description; a "hidden" switch) or a content page (default). */
  kind?: 'page' | 'widget';
  /** A widget's "hidden" switch as the draft has it. */
  hidden?: boolean;
  locale: string;
  slug: string;
  title: string;
  metaDescription: string;
  bodyHtml: string;
  revision: number;
  csrf: string;
  previewHref: string;
  labels: StudioLabels;
}

type Dialog = 'link' | 'internal-link' | 'image' | undefined;

function statusText(s: SaveStatus, labels: StudioLabels, lang: string): string {
  switch (s.kind) {
    case 'idle':
      return labels['studio.status_idle'];
    case 'pending':
      return labels['studio.status_pending'];
    case 'saving':
      return labels['studio.status_saving'];
    case 'saved':
      return fillLabel(labels['studio.status_saved'], { time: clockTime(s.savedAt, lang) });
    case 'offline':
      return labels['studio.status_offline'];
    case 'refused':
      return fillLabel(labels['studio.status_refused'], { message: s.message });
    case 'conflict':
      return fillLabel(labels['studio.status_conflict'], { name: s.updatedBy, time: clockTime(s.updatedAt, lang) });
  }
}

export default function StudioEditor(props: StudioEditorProps) {
  const { locale, slug, labels, csrf } = props;
  const [title, setTitle] = useState(props.title);
  const [meta, setMeta] = useState(props.metaDescription);
  const widget = props.kind === 'widget';
  const [hidden, setHidden] = useState(!!props.hidden);
  const [previewHref, setPreviewHref] = useState(props.previewHref);
  const [reload, setReload] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(undefined);
  const [linkUrl, setLinkUrl] = useState('');

  const onSaved = useCallback((href: string) => {
    setPreviewHref(href);
    setReload((n) => n + 1);
  }, []);
  const { status, saver } = useAutosave({
    initial: widget
      ? { kind: 'widget', locale, slug, title: '', metaDescription: '', bodyHtml: props.bodyHtml, hidden: !!props.hidden }
      : { locale, slug, title: props.title, metaDescription: props.metaDescription, bodyHtml: props.bodyHtml },
    revision: props.revision,
    csrf,
    onSaved,
  });
  useFlushForms(saver.flush);
  // leaving with edits not saved yet: the browser asks first (read at that moment, not from the last render)
  useEffect(() => {
    const ask = (e: BeforeUnloadEvent) => {
      if (saver.unsaved()) e.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [saver]);

  const editor = useEditor({
    extensions: studioExtensions(),
    content: props.bodyHtml,
    // the island is also rendered on the server (client:load): the editor is made once hydrated, null before
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id: 'studio-editor',
        class: 'studio-editor-content',
        'data-testid': 'studio-editor',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': 'studio-editor-label',
      },
    },
    onUpdate: ({ editor: e }) => saver.change({ bodyHtml: e.getHTML() }),
  });

  const close = useCallback(() => setDialog(undefined), []);

  const openLink = () => {
    if (!editor) return;
    setLinkUrl((editor.getAttributes('link').href as string | undefined) ?? '');
    setDialog('link');
  };
  const applyLink = (url: string) => {
    const href = externalHref(url);
    if (!href) return false;
    // an address typed by hand names no internal target
    editor?.chain().focus().extendMarkRange('link').setMark('link', { href, 'data-link': null }).run();
    close();
    return true;
  };
  const removeLink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    close();
  };
  const pickTarget = (t: LinkTarget) => {
    if (!editor) return;
    const attrs = { href: t.path, 'data-link': t.ref };
    const chain = editor.chain().focus();
    if (editor.state.selection.empty) chain.insertContent({ type: 'text', text: t.label, marks: [{ type: 'link', attrs }] }).run();
    else chain.extendMarkRange('link').setMark('link', attrs).run();
    close();
  };
  const insertImage = (img: UploadedImage) => {
    editor
      ?.chain()
      .focus()
      // a paragraph after the image takes the caret: what is typed or inserted next does not replace the image
      .insertContent([
        {
          type: 'image',
          attrs: {
            src: img.src,
            srcset: img.srcset || null,
            sizes: img.sizes || null,
            width: img.width || null,
            height: img.height || null,
            alt: img.alt,
            loading: 'lazy',
          },
        },
        { type: 'paragraph' },
      ])
      .run();
    close();
  };

  const lang = typeof document !== 'undefined' ? document.documentElement.lang : 'en';

  return (
    <div className="studio">
      <div className="studio-main">
        {widget ? (
          <div className="studio-field studio-check">
            <input
              id="studio-hidden"
              data-testid="studio-hidden"
              type="checkbox"
              checked={hidden}
              onChange={(e) => {
                setHidden(e.target.checked);
                saver.change({ hidden: e.target.checked });
              }}
            />
            <label htmlFor="studio-hidden">{labels['studio.hidden_label']}</label>
          </div>
        ) : (
          <>
            <div className="studio-field">
              <label htmlFor="studio-title">{labels['studio.title_label']}</label>
              <input
                id="studio-title"
                data-testid="studio-title"
                type="text"
                required
                maxLength={200}
                value={title}
                onChange={(e) => {
                  setTitle(e.target.value);
                  saver.change({ title: e.target.value });
                }}
              />
            </div>
            <div className="studio-field">
              <label htmlFor="studio-meta">{labels['studio.meta_label']}</label>
              <textarea
                id="studio-meta"
                data-testid="studio-meta"
                maxLength={300}
                rows={2}
                value={meta}
                onChange={(e) => {
                  setMeta(e.target.value);
                  saver.change({ metaDescription: e.target.value });
                }}
              />
            </div>
          </>
        )}
        <div className="studio-field">
          <span id="studio-editor-label" className="studio-label">
            {labels['studio.editor_label']}
          </span>
          {editor ? (
            <StudioToolbar
              editor={editor}
              labels={labels}
              onLink={openLink}
              onInternalLink={() => setDialog('internal-link')}
              onImage={() => setDialog('image')}
            />
          ) : (
            <div className="studio-toolbar" aria-hidden="true" />
          )}
          <EditorContent editor={editor} className="studio-editor" />
        </div>
        <p
          className={`studio-save-status studio-save-${status.kind}`}
          data-testid="studio-save-status"
          data-state={status.kind}
          role="status"
        >
          {statusText(status, labels, lang)}
          {status.kind === 'conflict' ? (
            <>
              {' '}
              <a href={typeof location !== 'undefined' ? location.href : '.'} data-testid="studio-conflict-reload">
                {labels['studio.conflict_reload']}
              </a>
            </>
          ) : null}
        </p>
      </div>
      <PreviewPane href={previewHref} reload={reload} labels={labels} />
      <LinkDialog open={dialog === 'link'} initialUrl={linkUrl} labels={labels} onApply={applyLink} onRemove={removeLink} onClose={close} />
      <LinkPicker open={dialog === 'internal-link'} locale={locale} labels={labels} onPick={pickTarget} onClose={close} />
      <ImageDialog open={dialog === 'image'} csrf={csrf} labels={labels} onInsert={insertImage} onClose={close} />
    </div>
  );
}
