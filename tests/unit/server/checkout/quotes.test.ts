/**
 * Quotes (docs/product/quotes.md, docs/adr/0036-quotes.md), on SQLite and PostgreSQL: a company buyer asks on their
 * cart, staff answer with lower prices and a last day, the buyer accepts into a checkout priced at the quote and
 * places the order at the quoted total, once; an expired quote, changed lines and a second use are refused; another
 * company's member reads nothing by id; a viewer neither asks nor accepts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { acceptInvitation, createCompany, inviteMember, membershipOf } from '#server/company/company-accounts.ts';
import { acceptQuote, askQuote, quoteActor, quoteFor, quotesFor } from '#server/checkout/quote-requests.ts';
import { answerQuote, declineQuote } from '#server/quotes/quote-answers.ts';
import { readQuote } from '#server/quotes/quote-store.ts';
import { loadCheckout } from '#server/checkout/checkout-repository.ts';
import { updateCheckout, viewOf } from '#server/checkout/checkout-service.ts';
import { placeOrder } from '#server/checkout/place-order.ts';
import { checkoutPageUrls } from '#server/checkout/checkout-page-urls.ts';
import { business } from '#tests/support/checkout-customers.ts';
import { ENGINES } from '#tests/unit/server/backoffice/backoffice-db.ts';

const NOW = new Date('2026-11-20T10:00:00Z');
const ctxOf = (id: number) => ({ customer: { id, discounts: {} } });

async function addProduct(db: Db, id: number, sku: string, price: number, stock: number): Promise<void> {
  await db
    .insertInto('products')
    .values({
      id,
      sku,
      prefix: 'Q',
      type: 0,
      brand_id: null,
      group_id: null,
      discount_category: null,
      stock_status: 'in-stock',
      stock_quantity: stock,
      estimated_at: null,
      orderable: 1,
      notifyable: 0,
      decoration: null,
      variations: '[]',
      updated_at: NOW.toISOString(),
      safety: null,
    })
    .execute();
  await db
    .insertInto('product_translations')
    .values({
      product_id: id,
      locale: 'sv',
      name: `Del ${sku}`,
      slug: sku.toLowerCase(),
      url_fragment: sku.toLowerCase(),
      description: '',
      search_text: sku,
    })
    .execute();
  await db
    .insertInto('product_prices')
    .values({ product_id: id, locale: 'sv', prices: JSON.stringify({ n: [{ q: 1, p: price }] }), vat: 25, unit_price: price })
    .execute();
}

async function tokenOf(db: Db, to: string): Promise<string> {
  const mail = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('recipient', '=', to)
    .where('kind', '=', 'company_invite')
    .executeTakeFirstOrThrow();
  return /invitation=([\w-]+)/.exec(mail.text_body)![1]!;
}

for (const engine of ENGINES) {
  describe(`quotes on ${engine.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    const ids: Record<string, number> = {};
    const CART = [
      { uuid: 'a', sku: 'QA-1', quantity: 2 },
      { uuid: 'b', sku: 'QB-2', quantity: 1 },
    ];
    beforeAll(async () => {
      // only the clock of Date: the checkout reads "now" itself, the drivers' timers stay real
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(NOW);
      ({ db, close } = await engine.open());
      await addProduct(db, 1, 'QA-1', 1000, 50);
      await addProduct(db, 2, 'QB-2', 500, 50);
      for (const who of ['anna', 'bo', 'vera', 'eve']) ids[who] = (await createCustomer(db, `${who}@example.se`, who.toUpperCase()))!.id;
      // company A: anna admin, bo buyer, vera viewer; company B: eve admin
      await createCompany(db, 'sv', ids.anna!, {
        name: 'Verkstaden AB',
        organisationNumber: '556012-5790',
        billing: { street: 'Gatan 1', postalCode: '111 51', city: 'Stockholm' },
      });
      const admin = await membershipOf(db, ids.anna!);
      for (const [who, role] of [
        ['bo', 'buyer'],
        ['vera', 'viewer'],
      ] as const) {
        await inviteMember(db, admin, { email: `${who}@example.se`, role, spendingLimitMinor: null });
        await acceptInvitation(db, ids[who]!, await tokenOf(db, `${who}@example.se`));
      }
      await createCompany(db, 'sv', ids.eve!, {
        name: 'Annan AB',
        organisationNumber: '556677-8899',
        billing: { street: 'Vägen 2', postalCode: '111 22', city: 'Stockholm' },
      });
      expect((await membershipOf(db, ids.vera!))?.role).toBe('viewer');
    });
    afterAll(async () => {
      vi.useRealTimers();
      await close?.();
    });

    const actor = (who: string) => quoteActor(db, ids[who]!);
    const ask = async (who = 'bo', comment = '40 st till projekt X') => askQuote(db, 'sv', await actor(who), CART, comment, {}, NOW);
    const answer = (id: string, validUntil = '2026-11-30') =>
      answerQuote(db, id, 'staff@shop.example', { prices: [800_00, 450_00], validUntil, answerText: 'Projektpris' }, NOW);

    it("asks on the cart at today's server prices; the company's members see it, another company does not", async () => {
      const q = await ask();
      expect(q).toMatchObject({
        status: 'open',
        companyId: expect.any(String),
        askedTotalMinor: 2 * 1000_00 + 500_00,
        comment: '40 st till projekt X',
      });
      expect(q.lines.map((l) => [l.sku, l.quantity, l.unit_price_minor])).toEqual([
        ['QA-1', 2, 1000_00],
        ['QB-2', 1, 500_00],
      ]);
      expect((await quotesFor(db, await actor('anna'))).map((x) => x.id)).toContain(q.id);
      expect((await quoteFor(db, 'sv', await actor('vera'), q.id)).id).toBe(q.id);
      expect(await quotesFor(db, await actor('eve'))).toEqual([]);
      await expect(quoteFor(db, 'sv', await actor('eve'), q.id)).rejects.toMatchObject({ code: 'not_found' });
      await expect(acceptQuote(db, 'sv', await actor('eve'), q.id, NOW)).rejects.toMatchObject({ code: 'not_found' });
      // another storefront does not find it either
      await expect(quoteFor(db, 'no', await actor('bo'), q.id)).rejects.toMatchObject({ code: 'not_found' });
    });

    it('a viewer neither asks nor accepts; an open quote cannot be accepted', async () => {
      await expect(ask('vera')).rejects.toMatchObject({ code: 'forbidden', reason: 'forbidden' });
      const q = await ask();
      await expect(acceptQuote(db, 'sv', await actor('bo'), q.id, NOW)).rejects.toMatchObject({ reason: 'not_answered' });
      await answer(q.id);
      await expect(acceptQuote(db, 'sv', await actor('vera'), q.id, NOW)).rejects.toMatchObject({ code: 'forbidden' });
    });

    it('staff answer (checked prices, e-mail to the buyer); accepted into a checkout at the quoted prices; ordered once at the quoted total', async () => {
      const q = await ask();
      await expect(
        answerQuote(db, q.id, 's', { prices: [1200_00, 1], validUntil: '2026-11-30', answerText: null }, NOW),
      ).rejects.toMatchObject({ field: 'price' });
      await expect(answerQuote(db, q.id, 's', { prices: [1, 1], validUntil: '2026-11-19', answerText: null }, NOW)).rejects.toMatchObject({
        field: 'valid_until',
      });
      const { after } = await answer(q.id);
      expect(after).toMatchObject({ status: 'answered', quotedTotalMinor: 2 * 800_00 + 450_00, validUntil: '2026-11-30' });
      const mails = await db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('kind', '=', 'quote_answer')
        .where('recipient', '=', 'bo@example.se')
        .execute();
      expect(mails.filter((m) => m.text_body.includes(`/my-account/quotes?quote=${q.id}`))).toHaveLength(1);

      const checkoutId = await acceptQuote(db, 'sv', await actor('bo'), q.id, NOW);
      // accepting again while that checkout is open answers the same one
      expect(await acceptQuote(db, 'sv', await actor('anna'), q.id, NOW)).toBe(checkoutId);
      const c = (await loadCheckout(db, checkoutId, 'sv'))!;
      expect(c.quoteId).toBe(q.id);
      // coupons do not apply to quoted lines
      await updateCheckout(
        db,
        'sv',
        checkoutId,
        { customer: { ...business('sv'), company_name: 'Verkstaden AB' }, coupons: ['CUSTOMERDISCOUNT'] },
        ctxOf(ids.bo!),
      );
      const v = await updateCheckout(
        db,
        'sv',
        checkoutId,
        { shipping_option_id: 'postnord-home', payment_method: 'invoice-business' },
        ctxOf(ids.bo!),
      );
      expect(v.totals.goods_minor).toBe(2 * 800_00 + 450_00);
      expect(v.totals.discount_minor).toBe(0);
      expect(v.totals.total_minor).toBe(2 * 800_00 + 450_00 + v.totals.shipping_minor);
      // someone outside the company cannot price it
      await expect(viewOf(db, (await loadCheckout(db, checkoutId, 'sv'))!, ctxOf(ids.eve!))).rejects.toMatchObject({ reason: 'changed' });

      const placed = await placeOrder(db, 'sv', checkoutId, checkoutPageUrls('sv'), ctxOf(ids.bo!));
      expect(placed.order_number).toBeTruthy();
      const order = await db
        .selectFrom('orders')
        .select(['total_minor', 'details'])
        .where('id', '=', placed.order_number!)
        .executeTakeFirstOrThrow();
      expect(Number(order.total_minor)).toBe(v.totals.total_minor);
      expect(JSON.parse(order.details).quote_id).toBe(q.id);
      expect(await readQuote(db, q.id)).toMatchObject({ status: 'ordered', orderId: placed.order_number });
      // used once
      await expect(acceptQuote(db, 'sv', await actor('bo'), q.id, NOW)).rejects.toMatchObject({
        code: 'invalid_transition',
        reason: 'used',
      });
    });

    it('an expired quote is refused at accepting and in a checkout opened before it expired', async () => {
      const q = await ask();
      await answer(q.id, '2026-11-21');
      const after = new Date('2026-11-22T00:30:00+01:00');
      await expect(acceptQuote(db, 'sv', await actor('bo'), q.id, after)).rejects.toMatchObject({
        code: 'invalid_transition',
        reason: 'expired',
      });
      // the last day counts in Stockholm: 23:30 UTC on the 21st is already the 22nd there
      await expect(acceptQuote(db, 'sv', await actor('bo'), q.id, new Date('2026-11-21T23:30:00Z'))).rejects.toMatchObject({
        reason: 'expired',
      });
      const checkoutId = await acceptQuote(db, 'sv', await actor('bo'), q.id, new Date('2026-11-21T12:00:00Z'));
      const c = (await loadCheckout(db, checkoutId, 'sv'))!;
      expect((await viewOf(db, c, ctxOf(ids.bo!))).totals.goods_minor).toBe(2 * 800_00 + 450_00);
      // the checkout stays open past the last day: it refuses to price it, placing included
      vi.setSystemTime(after);
      try {
        await expect(viewOf(db, c, ctxOf(ids.bo!))).rejects.toMatchObject({ code: 'invalid_transition', reason: 'expired' });
        await expect(placeOrder(db, 'sv', checkoutId, checkoutPageUrls('sv'), ctxOf(ids.bo!))).rejects.toMatchObject({ reason: 'expired' });
      } finally {
        vi.setSystemTime(NOW);
      }
    });

    it('a checkout whose lines changed is refused; a declined quote cannot be accepted', async () => {
      const q = await ask();
      await answer(q.id, '2026-12-31');
      const checkoutId = await acceptQuote(db, 'sv', await actor('bo'), q.id, NOW);
      await expect(
        updateCheckout(
          db,
          'sv',
          checkoutId,
          {
            items: [
              { uuid: 'quote-1', sku: 'QA-1', quantity: 3 },
              { uuid: 'quote-2', sku: 'QB-2', quantity: 1 },
            ],
          },
          ctxOf(ids.bo!),
        ),
      ).rejects.toMatchObject({ code: 'conflict', reason: 'changed' });
      const d = await ask();
      await declineQuote(db, d.id, 'staff@shop.example', 'Inte möjligt', NOW);
      await expect(acceptQuote(db, 'sv', await actor('bo'), d.id, NOW)).rejects.toMatchObject({ reason: 'declined' });
    });
  });
}
