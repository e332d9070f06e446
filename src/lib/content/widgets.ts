/** Layout widget display rules (docs/product/layout.md#store-message: the store message shows only when longer than 20 characters). */
export const STORE_MESSAGE_MIN_LENGTH = 20;

export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function showStoreMessage(widget: { content: string; hidden: boolean } | undefined): boolean {
  return !!widget && !widget.hidden && textOf(widget.content).length > STORE_MESSAGE_MIN_LENGTH;
}

/** Breadcrumbs are shown only when there is more than one crumb (docs/product/layout.md#breadcrumbs). */
export function showBreadcrumbs(crumbs: readonly unknown[]): boolean {
  return crumbs.length > 1;
}
