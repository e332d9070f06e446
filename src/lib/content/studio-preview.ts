/**
 * The studio's preview pane (docs/product/content-studio.md#preview): the draft at a phone's and a desktop's CSS
 * width, each frame scaled down to fit its column. Pure.
 */
export const PREVIEW_WIDTHS = { mobile: 375, desktop: 1280 } as const;
export const PREVIEW_HEIGHTS = { mobile: 740, desktop: 900 } as const;

/** The scale that fits a frame `frameWidth` CSS px wide into `available` px (never enlarged, never 0). */
export function previewScale(available: number, frameWidth: number): number {
  if (!(available > 0) || !(frameWidth > 0)) return 1;
  return Math.max(0.1, Math.min(1, available / frameWidth));
}
