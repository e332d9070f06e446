import { describe, expect, it } from 'vitest';
import { approvalDecisionMail, approvalRequestMail } from '#lib/mail/company-approval-mails.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

describe('the mails of an order that waits for a company admin', () => {
  it('asks the admins, in each language, with the amount and the link to decide', () => {
    const sv = approvalRequestMail('sv', {
      buyer: 'Bo <Buyer>',
      company: 'Acme AB',
      total: '6 000,00 kr',
      url: 'https://sv.example/my-account/company#approvals',
    });
    expect(sv.subject).toBe('Bo <Buyer> väntar på ditt godkännande av en order på 6 000,00 kr');
    expect(sv.text).toContain('Visa ordern: https://sv.example/my-account/company#approvals');
    expect(sv.html).toContain('Bo &lt;Buyer&gt;');
    expect(sv.html).not.toContain('<Buyer>');
    for (const locale of LOCALE_CODES) {
      const m = approvalRequestMail(locale, { buyer: 'Bo', company: 'Acme', total: '60', url: 'https://x.example/c' });
      expect(m.subject).toContain('Bo');
      expect(m.text).toContain('https://x.example/c');
      expect(m.text).not.toContain('{{');
    }
  });

  it('tells the buyer: approved with the order number, declined with the reason when there is one', () => {
    const ok = approvalDecisionMail('fi', { approved: true, company: 'Oy Ab', total: '600,00 €', orderNumber: '100234' });
    expect(ok.subject).toBe('Tilauksesi 600,00 € on hyväksytty');
    expect(ok.text).toContain('100234');
    const no = approvalDecisionMail('nl', { approved: false, company: 'BV', total: '€ 600,00', reason: 'Te duur' });
    expect(no.subject).toBe('Uw bestelling van € 600,00 is niet goedgekeurd');
    expect(no.text).toContain('Reden: Te duur');
    const bare = approvalDecisionMail('da', { approved: false, company: 'ApS', total: '600 kr.', reason: null });
    expect(bare.text).not.toContain('Begrundelse');
  });
});
