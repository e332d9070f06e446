import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import TotalsTable from '#components/orders/TotalsTable.tsx';
import type { TotalsView } from '#lib/orders/totals-view.ts';

const view: TotalsView = {
  rows: [
    { kind: 'goods', label: 'Varor', minor: 76_700, amount: '767 kr' },
    { kind: 'discount', label: 'Rabatt', minor: -7_670, amount: '−77 kr' },
    { kind: 'total', label: 'Att betala', minor: 69_030, amount: '690 kr' },
    { kind: 'vat_included', label: 'varav moms', minor: 13_806, amount: '138 kr' },
  ],
  vat: {
    caption: 'Momsspecifikation',
    headings: ['Momssats', 'Underlag', 'Moms', 'Inkl. moms'],
    rows: [{ rate: 25, rateLabel: '25 %', net: '552 kr', vat: '138 kr', gross: '690 kr' }],
  },
};
const html = (props: Parameters<typeof TotalsTable>[0]) => renderToStaticMarkup(createElement(TotalsTable, props));

describe('TotalsTable', () => {
  it('the checkout summary: its test ids, a live region, every row and the VAT per rate', () => {
    const out = html({ view, scope: 'checkout', live: true });
    expect(out).toContain('<dl class="checkout-totals__rows" aria-live="polite">');
    expect(out).toContain(
      '<div class="checkout-totals__row checkout-totals__row--discount"><dt>Rabatt</dt><dd data-testid="checkout-totals-discount" data-amount-minor="-7670">−77 kr</dd></div>',
    );
    expect(out).toContain('<dd data-testid="checkout-total" data-amount-minor="69030">690 kr</dd>');
    expect(out).toContain('data-testid="checkout-totals-vat-included"');
    expect(out).toContain('<table class="checkout-totals__vat" data-testid="checkout-vat-breakdown"><caption>Momsspecifikation</caption>');
    expect(out).toContain('<tr data-rate="25"><th scope="row">25 %</th><td>552 kr</td><td>138 kr</td><td>690 kr</td></tr>');
    expect(out.match(/<th scope="col">/g)).toHaveLength(4);
  });

  it("a placed order's pages: the order test ids, no live region; a total-only order has no VAT table", () => {
    const out = html({ view, scope: 'order' });
    expect(out).toContain('<dl class="checkout-totals__rows">');
    expect(out).toContain('<dd data-testid="order-total" data-amount-minor="69030">690 kr</dd>');
    expect(out).toContain('data-testid="order-totals-goods"');
    expect(out).toContain('data-testid="order-vat-breakdown"');
    expect(out).not.toContain('checkout-total"');
    const totalOnly = html({ view: { rows: [view.rows[2]!], vat: null }, scope: 'order' });
    expect(totalOnly).not.toContain('<table');
    expect(totalOnly.match(/<dd /g)).toHaveLength(1);
  });
});
