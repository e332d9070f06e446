/**
 * The studio editor's Tiptap schema (docs/product/content-studio.md#editor): headings h2–h4 (the page title is
 * the h1), lists, bold/italic, links that may name an internal target (data-link), images with responsive
 * attributes, tables with a header row. What it writes passes the server's sanitizer unchanged
 * (src/server/content/sanitize.ts).
 */
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';

const plainAttr = (name: string) => ({
  default: null,
  parseHTML: (el: HTMLElement) => el.getAttribute(name),
  renderHTML: (attrs: Record<string, unknown>) => {
    const v = attrs[name];
    return v === null || v === undefined || v === '' ? {} : { [name]: String(v) };
  },
});

/** A link; an internal one also carries its target's ref (`product:<sku>` …) so each storefront's path can be written. */
const StudioLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      'data-link': plainAttr('data-link'),
    };
  },
});

/** An image as uploaded (POST /content/api/media): its variants, box size and required alt text survive editing. */
const StudioImage = Image.extend({
  addAttributes() {
    return {
      src: plainAttr('src'),
      alt: plainAttr('alt'),
      title: plainAttr('title'),
      srcset: plainAttr('srcset'),
      sizes: plainAttr('sizes'),
      width: plainAttr('width'),
      height: plainAttr('height'),
      loading: { ...plainAttr('loading'), default: 'lazy' },
    };
  },
});

export const studioExtensions = () => [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    // not in the sanitizer's vocabulary or not wanted on content pages
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    horizontalRule: false,
    link: false,
  }),
  StudioLink.configure({
    openOnClick: false,
    autolink: false,
    linkOnPaste: true,
    // internal links stay in the tab; the server adds rel=noopener (sanitize.ts)
    HTMLAttributes: { target: null, rel: null, class: null },
  }),
  StudioImage.configure({ inline: false, allowBase64: false }),
  Table.configure({ resizable: false, allowTableNodeSelection: false }),
  TableRow,
  TableHeader,
  TableCell,
];
