import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { returnMail, type ReturnMailInput } from '#lib/mail/return-mails.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';

const input: ReturnMailInput = {
  rma: 'RMA-1001008-1',
  orderNumber: '1001008',
  firstName: 'Anna <b>',
  lines: [{ name: 'Filter <x>', sku: 'ELE-1', quantity: 2 }],
  refundMinor: 105_900,
  returnAddress: 'Partsfront AB, Verkstadsgatan 12, 411 04 Göteborg, Sverige',
  orderUrl: 'http://sv.localhost:4321/my-order/return/1001008?a=1&b=2',
};

describe('return e-mails', () => {
  it('the withdrawal acknowledgement names the RMA, the lines, the refund and where to send the parts, in both parts', () => {
    const m = returnMail('withdrawal_acknowledgement', 'sv', input);
    expect(m.subject).toBe('Vi har tagit emot ditt ångrande – RMA-1001008-1');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('RMA-1001008-1');
      expect(part).toContain(formatMinorPrice(105_900, 'sv'));
      expect(part).toContain('Verkstadsgatan 12');
    }
    expect(m.text).toContain('2 × Filter <x> (ELE-1)');
    expect(m.html).toContain('2 × Filter &lt;x&gt; (ELE-1)');
    expect(m.html).toContain('href="http://sv.localhost:4321/my-order/return/1001008?a=1&amp;b=2"');
    expect(m.html).not.toContain('<b>');
  });

  it('with a return code from the carrier, the code replaces the address', () => {
    const m = returnMail('return_requested', 'sv', { ...input, returnCode: { carrier: 'PostNord', code: 'EELR123' } });
    for (const part of [m.text, m.html]) {
      expect(part).toContain('visa returkoden EELR123');
      expect(part).toContain('PostNord');
      expect(part).not.toContain('Verkstadsgatan');
    }
  });

  it('received and refunded carry no send-back instructions', () => {
    for (const kind of ['return_received', 'refunded'] as const) {
      const m = returnMail(kind, 'sv', input);
      expect(m.text).not.toContain('Verkstadsgatan');
      expect(m.text).toContain('RMA-1001008-1');
    }
    expect(returnMail('refunded', 'sv', input).subject).toBe(`Vi har återbetalat ${formatMinorPrice(105_900, 'sv')} – RMA-1001008-1`);
  });

  it('every storefront has its own words for every return e-mail', () => {
    for (const locale of LOCALE_CODES) {
      for (const kind of ['withdrawal_acknowledgement', 'return_requested', 'return_received', 'refunded'] as const) {
        const m = returnMail(kind, locale, input);
        expect(m.subject).not.toContain('mail.returns');
        expect(m.text).not.toContain('mail.returns');
        expect(m.html).toContain(`lang="${LOCALES[locale].iso}"`);
      }
    }
    expect(returnMail('return_requested', 'fi', input).subject).toBe('Palautuksesi RMA-1001008-1 on kirjattu');
  });

  it('a withdrawal before shipping: the order cancelled, its lines, the date and time, nothing to send back', () => {
    const cancelled = { ...input, rma: '1001008', withdrawnAt: '26 november 2026 17:42', cancelled: true };
    const m = returnMail('withdrawal_acknowledgement', 'sv', cancelled);
    expect(m.subject).toBe('Din order 1001008 är avbeställd – vi har tagit emot ditt ångrande');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('26 november 2026 17:42');
      expect(part).toContain('Ångrat');
      expect(part).not.toContain('Verkstadsgatan');
      expect(part).not.toContain('Returnummer');
    }
    expect(m.text).toContain('2 × Filter <x> (ELE-1)');
    expect(m.text).toContain('betalas tillbaka');
    // an order paid only by reservation or an open invoice: nothing to pay back, no refund row
    const released = returnMail('withdrawal_acknowledgement', 'sv', { ...cancelled, nothingCharged: true });
    expect(released.text).toContain('du betalar ingenting');
    expect(released.text).not.toContain('betalas tillbaka');
    expect(released.text).not.toContain('Återbetalning');
    for (const locale of LOCALE_CODES) {
      const l = returnMail('withdrawal_acknowledgement', locale, cancelled);
      const r = returnMail('withdrawal_acknowledgement', locale, { ...cancelled, nothingCharged: true });
      expect(r.text).not.toContain('mail.returns');
      expect(r.text).not.toBe(l.text);
      expect(l.subject).not.toContain('mail.returns');
      expect(l.text).not.toContain('mail.returns');
      expect(l.subject).toContain('1001008');
    }
  });
});
