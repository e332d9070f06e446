import { describe, expect, it } from 'vitest';
import { errorStatus, renderErrorPage } from '#lib/routing/error-page.ts';

describe('layout rules', () => {
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
});
