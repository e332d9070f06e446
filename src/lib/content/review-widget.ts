/**
 * When the trust-review widget loads (docs/product/layout.md#trust-review-widget): at once when the viewport is over 1200 px high and the
 * page is at most 1800 px high (it is then visible without scrolling), otherwise after scrolling past 400 px.
 */
export const REVIEW_MIN_VIEWPORT = 1200;
export const REVIEW_MAX_PAGE = 1800;
export const REVIEW_SCROLL = 400;

export function shouldLoadReviews(m: { viewportHeight: number; pageHeight: number; scrollY: number }): boolean {
  return (m.viewportHeight > REVIEW_MIN_VIEWPORT && m.pageHeight <= REVIEW_MAX_PAGE) || m.scrollY > REVIEW_SCROLL;
}
