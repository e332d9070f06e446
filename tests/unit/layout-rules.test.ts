import { describe, expect, it } from 'vitest';
import { showBreadcrumbs, showStoreMessage } from '#lib/content/widgets.ts';
import { errorStatus, renderErrorPage } from '#lib/routing/error-page.ts';
import { slugify } from '#lib/routing/slug.ts';
import { sanitizeEditorHtml } from '#server/content/sanitize.ts';
import { translator, STRINGS } from '#lib/market/i18n.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

describe('layout rules', () => {
  it('shows the store message only when longer than 20 characters (text, not markup)', () => {
    expect(showStoreMessage({ content: '<p>12345678901234567890</p>', hidden: false })).toBe(false);
    expect(showStoreMessage({ content: '<p>123456789012345678901</p>', hidden: false })).toBe(true);
    expect(showStoreMessage({ content: 'Fri frakt på alla beställningar!', hidden: true })).toBe(false);
    expect(showStoreMessage(undefined)).toBe(false);
  });
  it('shows breadcrumbs only with more than one crumb', () => {
    expect(showBreadcrumbs([{}])).toBe(false);
    expect(showBreadcrumbs([{}, {}])).toBe(true);
  });
  it('renders the error page with status (default 500), escaped message and a home link', () => {
    const html = renderErrorPage({ message: '<script>x</script>' });
    expect(html).toContain('data-status="500"');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="/"');
    expect(renderErrorPage({ status: 503 })).toContain('data-status="503"');
    expect(errorStatus({ status: 418 })).toBe(418);
    expect(errorStatus(new Error('x'))).toBe(500);
    expect(errorStatus({ status: 200 })).toBe(500);
  });
  it('slugifies Nordic and Dutch names', () => {
    expect(slugify('Dörrpackning till Bosch diskmaskin')).toBe('dorrpackning-till-bosch-diskmaskin');
    expect(slugify('Støvsugerpose æble')).toBe('stovsugerpose-aeble');
    expect(slugify('  Käyttöhihna!! ')).toBe('kayttohihna');
  });
  it('sanitizes editor HTML', () => {
    const out = sanitizeEditorHtml('<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(out).toContain('<p>Hi');
  });
  it('has the same translation keys in every locale', () => {
    const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    const sv = keys(STRINGS.sv).sort();
    for (const c of LOCALE_CODES) expect(keys(STRINGS[c]).sort(), c).toEqual(sv);
    expect(translator('fi')('layout.cart')).toBe('Ostoskori');
    expect(translator('nl')('errors.not_found')).toBe('This page could not be found');
  });
});
