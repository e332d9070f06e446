import { describe, expect, it } from 'vitest';
import { accessibilityStatementPage } from '#server/seed/demo-accessibility-statement.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { sanitizeEditorHtml } from '#server/content/sanitize.ts';
import { ACCESSIBILITY_STATEMENT_SLUG } from '#lib/content/accessibility-statement.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { SELLERS } from '#lib/payments/seller-details.ts';

// each storefront's enforcement body (docs/product/legal.md#accessibility-european-accessibility-act-directive-eu-2019882)
const AUTHORITY = {
  sv: 'https://www.pts.se/',
  no: 'https://www.uutilsynet.no/',
  da: 'https://digst.dk/',
  fi: 'https://www.traficom.fi/',
  nl: 'https://www.acm.nl/',
} as const;

describe('accessibility statement (EAA annex V)', () => {
  it.each(LOCALE_CODES)('%s: the service, how it meets WCAG 2.1 AA, a feedback address and the enforcement body', (locale) => {
    const page = accessibilityStatementPage(locale);
    expect(page.slug).toBe(ACCESSIBILITY_STATEMENT_SLUG[locale]);
    expect(page.body_html).toContain('WCAG 2.1');
    expect(page.body_html).toContain('2019/882');
    expect(page.body_html).toContain(`<a href="mailto:${SELLERS[locale].email}">${SELLERS[locale].email}</a>`);
    expect(page.body_html).toContain(`<a href="${AUTHORITY[locale]}">`);
    // five sections under the page's own title, which the body does not repeat
    expect(page.body_html.match(/<h2>/g)).toHaveLength(5);
    expect(page.body_html).not.toContain(`<h2>${page.title}</h2>`);
    // shown as written: the editor sanitizer keeps the headings, the list and both links (it only adds rel="noopener")
    expect(sanitizeEditorHtml(page.body_html)).toBe(page.body_html.replace(/<a href="([^"]+)">/g, '<a href="$1" rel="noopener">'));
  });

  it('is written in each storefront’s own language', () => {
    const titles = LOCALE_CODES.map((l) => accessibilityStatementPage(l).title);
    expect(titles).toEqual([
      'Tillgänglighetsredogörelse',
      'Tilgjengelighetserklæring',
      'Tilgængelighedserklæring',
      'Saavutettavuusseloste',
      'Toegankelijkheidsverklaring',
    ]);
  });

  it('is a published content page of every storefront in the demo catalogue', () => {
    const { content_pages } = generateDemoCatalogue({ products: 20, now: new Date('2026-11-26T12:00:00Z') });
    for (const locale of LOCALE_CODES)
      expect(content_pages!.find((p) => p.locale === locale && p.slug === ACCESSIBILITY_STATEMENT_SLUG[locale])?.published).not.toBe(false);
  });
});
