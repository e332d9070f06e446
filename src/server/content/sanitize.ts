/** Editor HTML (widgets, content pages) is sanitized on the server before it reaches any page or API answer. */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  // the defaults include lists and tables (the studio's editor writes both)
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span'],
  allowedAttributes: {
    // data-link names an internal link's target (product:<sku>, page:<slug> …) so each storefront's path can be
    // written anew (docs/product/content-studio.md#internal-links)
    a: ['href', 'title', 'target', 'rel', 'data-link'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
};

export function sanitizeEditorHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
