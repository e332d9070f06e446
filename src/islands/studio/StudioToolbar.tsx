/**
 * The editor's toolbar (docs/product/content-studio.md#editor): every button a tab stop, and the arrow keys move between the
 * buttons (WAI-ARIA toolbar pattern); toggles say their state with aria-pressed.
 */
import { useRef, type KeyboardEvent } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import type { StudioLabels } from '#lib/content/studio-labels.ts';

interface Props {
  editor: Editor;
  labels: StudioLabels;
  onLink: () => void;
  onInternalLink: () => void;
  onImage: () => void;
}

interface Tool {
  id: string;
  label: string;
  /** Shown on the button; the label is its accessible name. */
  text: string;
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
}

export function StudioToolbar({ editor, labels, onLink, onInternalLink, onImage }: Props) {
  const bar = useRef<HTMLDivElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: Tool[] = [
    { id: 'h2', text: 'H2', label: labels['studio.tool_h2'], pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { id: 'h3', text: 'H3', label: labels['studio.tool_h3'], pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { id: 'h4', text: 'H4', label: labels['studio.tool_h4'], pressed: state.h4, run: () => chain().toggleHeading({ level: 4 }).run() },
    { id: 'bold', text: 'B', label: labels['studio.tool_bold'], pressed: state.bold, run: () => chain().toggleBold().run() },
    { id: 'italic', text: 'I', label: labels['studio.tool_italic'], pressed: state.italic, run: () => chain().toggleItalic().run() },
    { id: 'bullet', text: '•', label: labels['studio.tool_bullet'], pressed: state.bullet, run: () => chain().toggleBulletList().run() },
    {
      id: 'ordered',
      text: '1.',
      label: labels['studio.tool_ordered'],
      pressed: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    { id: 'link', text: 'URL', label: labels['studio.tool_link'], pressed: state.link, run: onLink },
    { id: 'internal-link', text: '↪', label: labels['studio.tool_internal_link'], run: onInternalLink },
    { id: 'image', text: 'Img', label: labels['studio.tool_image'], run: onImage },
    {
      id: 'table',
      text: '▦',
      label: labels['studio.tool_table'],
      disabled: state.table,
      run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    ...(state.table
      ? [
          { id: 'row-add', text: '+Row', label: labels['studio.tool_row_add'], run: () => chain().addRowAfter().run() },
          { id: 'column-add', text: '+Col', label: labels['studio.tool_column_add'], run: () => chain().addColumnAfter().run() },
          { id: 'table-delete', text: '×Tbl', label: labels['studio.tool_table_delete'], run: () => chain().deleteTable().run() },
        ]
      : []),
  ];

  // roving focus: arrows, Home and End move between the buttons
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    const next =
      e.key === 'ArrowRight'
        ? (at + 1) % buttons.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + buttons.length) % buttons.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? buttons.length - 1
              : -1;
    if (next === -1) return;
    e.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <div
      className="studio-toolbar"
      role="toolbar"
      aria-label={labels['studio.toolbar']}
      aria-controls="studio-editor"
      ref={bar}
      onKeyDown={onKeyDown}
    >
      {tools.map((t) => (
        <button
          key={t.id}
          type="button"
          className="studio-tool"
          data-testid={`studio-tool-${t.id}`}
          aria-label={t.label}
          title={t.label}
          aria-pressed={t.pressed === undefined ? undefined : t.pressed}
          disabled={t.disabled}
          // the editor keeps its selection: the button takes no focus from a mouse press
          onMouseDown={(e) => e.preventDefault()}
          onClick={t.run}
        >
          <span aria-hidden="true">{t.text}</span>
        </button>
      ))}
    </div>
  );
}
