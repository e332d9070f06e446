import { describe, expect, it } from 'vitest';
import { showBreadcrumbs, showStoreMessage } from '#lib/content/widgets.ts';

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
});
