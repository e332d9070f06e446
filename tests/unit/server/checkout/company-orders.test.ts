/**
 * Company orders and approvals (docs/product/company-accounts.md#orders, docs/adr/0034-company-order-approval.md), on
 * SQLite and PostgreSQL: every member of a company sees its orders with who placed them, a member of another company
 * never does (by list or by number); a buyer's order above the limit waits with its checkout frozen and the admins
 * mailed; only an admin of that company decides it, once; a decline places nothing and tells the buyer why.
 * Approving (which places the order through the completion) is tested against the real server: tests/api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { changeMember, createCompany, membershipOf, type Membership } from '#server/company/company-accounts.ts';
import { orderOfCustomer, ordersOfCustomer, type OrderOwner } from '#server/orders/customer-orders.ts';
import { insertCheckout, loadCheckout, newCheckoutId, type CheckoutRecord } from '#server/checkout/checkout-repository.ts';
import { approvalOfCheckout, approvalsOfRequester, requestApproval, waitingApprovals } from '#server/checkout/company-approval-requests.ts';
import { approveRequest, declineRequest } from '#server/checkout/company-approval-decisions.ts';
import { AwaitingApproval, completeCheckout } from '#server/checkout/complete-checkout.ts';
import { ENGINES, insertTestOrder } from '#tests/unit/server/backoffice/backoffice-db.ts';

const billing = { street: 'Gatan 1', postalCode: '111 22', city: 'Stockholm' };

for (const engine of ENGINES) {
  describe(`company orders on ${engine.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    const ids: Record<string, number> = {};
    const owner = (who: string): OrderOwner => ({ customerId: ids[who]!, email: `${who}@example.se` });
    const member = async (who: string) => (await membershipOf(db, ids[who]!))!;
    let companyA: Membership;
    let companyB: Membership;

    beforeAll(async () => {
      ({ db, close } = await engine.open());
      for (const who of ['anna', 'bo', 'vera', 'ove', 'guest'])
        ids[who] = (await createCustomer(db, `${who}@example.se`, who.toUpperCase()))!.id;
      companyA = await createCompany(db, 'sv', ids.anna!, { name: 'A AB', organisationNumber: '556677-8899', billing });
      companyB = await createCompany(db, 'sv', ids.ove!, { name: 'B AB', organisationNumber: '559123-4561', billing });
      // Bo (buyer, limit 1 000 kr) and Vera (viewer) join A directly: invitations are tested in company-accounts.test.ts
      for (const [who, role, limit] of [
        ['bo', 'buyer', 100_000],
        ['vera', 'viewer', null],
      ] as const)
        await db
          .insertInto('company_members')
          .values({
            customer_id: ids[who]!,
            company_id: companyA.company.id,
            role,
            spending_limit_minor: limit,
            created_at: new Date().toISOString(),
          })
          .execute();
      const placed = (n: number) => new Date(Date.UTC(2026, 10, n)).toISOString();
      await insertTestOrder(db, { number: 'A-1', placedAt: placed(1), customerId: ids.bo!, email: 'bo@example.se' });
      await insertTestOrder(db, { number: 'A-2', placedAt: placed(2), customerId: ids.anna!, email: 'anna@example.se' });
      await insertTestOrder(db, { number: 'B-1', placedAt: placed(3), customerId: ids.ove!, email: 'ove@example.se' });
      await insertTestOrder(db, { number: 'P-1', placedAt: placed(4), customerId: ids.guest!, email: 'guest@example.se' });
      await db.updateTable('orders').set({ company_id: companyA.company.id }).where('id', 'in', ['A-1', 'A-2']).execute();
      await db.updateTable('orders').set({ company_id: companyB.company.id }).where('id', '=', 'B-1').execute();
    });
    afterAll(async () => {
      await close?.();
    });

    it("shows every member the company's orders with who placed them, never another company's", async () => {
      for (const who of ['anna', 'bo', 'vera']) {
        const list = await ordersOfCustomer(db, 'sv', owner(who));
        expect(list.map((o) => [o.order_number, o.placed_by])).toEqual([
          ['A-2', 'ANNA'],
          ['A-1', 'BO'],
        ]);
      }
      expect((await ordersOfCustomer(db, 'sv', owner('ove'))).map((o) => o.order_number)).toEqual(['B-1']);
      expect(await ordersOfCustomer(db, 'sv', owner('guest'))).toMatchObject([{ order_number: 'P-1', placed_by: null }]);
      // by number: the company's order for its viewer (not theirs to act on), nothing for company B
      expect(await orderOfCustomer(db, 'sv', owner('vera'), 'A-1', { company: true })).toMatchObject({ own: false, placed_by: 'BO' });
      expect(await orderOfCustomer(db, 'sv', owner('bo'), 'A-1', { company: true })).toMatchObject({ own: true });
      expect(await orderOfCustomer(db, 'sv', owner('vera'), 'A-1')).toBeUndefined();
      expect(await orderOfCustomer(db, 'sv', owner('ove'), 'A-1', { company: true })).toBeUndefined();
      expect(await orderOfCustomer(db, 'sv', owner('anna'), 'B-1', { company: true })).toBeUndefined();
      expect(await orderOfCustomer(db, 'no', owner('anna'), 'A-1', { company: true })).toBeUndefined();
    });

    it('stops showing the company’s orders to a member who left, keeping their own', async () => {
      await changeMember(db, await member('anna'), ids.vera!, { role: null });
      expect(await ordersOfCustomer(db, 'sv', owner('vera'))).toEqual([]);
      await changeMember(db, await member('anna'), ids.bo!, { role: null });
      expect((await ordersOfCustomer(db, 'sv', owner('bo'))).map((o) => o.order_number)).toEqual(['A-1']);
      await db
        .insertInto('company_members')
        .values({
          customer_id: ids.bo!,
          company_id: companyA.company.id,
          role: 'buyer',
          spending_limit_minor: 100_000,
          created_at: new Date().toISOString(),
        })
        .execute();
    });

    const checkout = async (): Promise<CheckoutRecord> => {
      const c: CheckoutRecord = {
        id: newCheckoutId(),
        locale: 'sv',
        status: 'open',
        items: [{ sku: 'P-1', quantity: 3 }],
        coupons: [],
        customer: { type: 'business', email: 'bo@example.se' },
        shippingProcessor: 'eel',
        shippingOptionId: null,
        servicePointId: null,
        paymentMethod: 'invoice-business',
        providerSessions: {},
        orderId: null,
      };
      await insertCheckout(db, c);
      return c;
    };
    const mailsTo = (to: string, kind: string) =>
      db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('recipient', '=', to).where('kind', '=', kind).execute();

    it('makes an order above the limit wait: the checkout frozen, the admins mailed, once', async () => {
      const c = await checkout();
      const bo = await member('bo');
      await requestApproval(db, c, 250_000, bo);
      await requestApproval(db, c, 250_000, bo); // a second press changes nothing
      expect((await loadCheckout(db, c.id))!.status).toBe('awaiting_approval');
      const waiting = await waitingApprovals(db, await member('anna'));
      expect(waiting).toMatchObject([{ checkoutId: c.id, totalMinor: 250_000, status: 'waiting', requestedBy: { name: 'BO' } }]);
      expect(await approvalOfCheckout(db, 'sv', c.id)).toMatchObject({ status: 'waiting', companyName: 'A AB' });
      expect(await approvalOfCheckout(db, 'no', c.id)).toBeUndefined();
      const mails = await mailsTo('anna@example.se', 'company_approval_request');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('BO');
      expect(mails[0]!.text_body).toContain('/my-account/company#approvals');
      expect(await mailsTo('bo@example.se', 'company_approval_request')).toEqual([]);
      // a payment from an earlier attempt cannot place it past the admin
      const payment = { provider: 'adyen', status: 'authorized' as const, amountMinor: 250_000, sessionId: 's', providerReference: 'p' };
      await expect(completeCheckout(db, (await loadCheckout(db, c.id))!, payment, 'notification')).rejects.toBeInstanceOf(AwaitingApproval);
    });

    it('lets only an admin of that company decide, once; a decline places nothing and tells the buyer why', async () => {
      const [request] = await waitingApprovals(db, await member('anna'));
      // a buyer cannot see or decide the list; company B's admin finds nothing
      await expect(waitingApprovals(db, await member('bo'))).rejects.toMatchObject({ code: 'forbidden' });
      await expect(declineRequest(db, await member('bo'), request!.id)).rejects.toMatchObject({ code: 'forbidden' });
      expect(await waitingApprovals(db, companyB)).toEqual([]);
      await expect(declineRequest(db, companyB, request!.id)).rejects.toMatchObject({ code: 'not_found' });
      await expect(approveRequest(db, companyB, request!.id)).rejects.toMatchObject({ code: 'not_found' });
      await expect(declineRequest(db, undefined, request!.id)).rejects.toMatchObject({ code: 'not_found' });

      await declineRequest(db, await member('anna'), request!.id, '  Not this quarter ');
      await expect(declineRequest(db, await member('anna'), request!.id)).rejects.toMatchObject({ code: 'conflict' });
      await expect(approveRequest(db, await member('anna'), request!.id)).rejects.toMatchObject({ code: 'conflict' });
      expect((await loadCheckout(db, request!.checkoutId))!.status).toBe('declined');
      expect(await db.selectFrom('orders').select('id').where('checkout_id', '=', request!.checkoutId).execute()).toEqual([]);
      expect(await approvalsOfRequester(db, 'sv', ids.bo!)).toMatchObject([{ status: 'declined', reason: 'Not this quarter' }]);
      const [mail, ...more] = await mailsTo('bo@example.se', 'company_approval_decision');
      expect(more).toEqual([]);
      expect(mail!.subject).toMatch(/^Din order på 2\s500\skr godkändes inte$/);
      expect(mail!.text_body).toContain('Anledning: Not this quarter');
    });

    it('does not approve for a buyer who no longer orders for the company; the request still waits', async () => {
      const c = await checkout();
      await requestApproval(db, c, 150_000, await member('bo'));
      const request = (await approvalOfCheckout(db, 'sv', c.id))!;
      await changeMember(db, await member('anna'), ids.bo!, { role: 'viewer' });
      await expect(approveRequest(db, await member('anna'), request.id)).rejects.toMatchObject({ code: 'invalid_transition' });
      expect(await approvalOfCheckout(db, 'sv', c.id)).toMatchObject({ status: 'waiting', orderNumber: null });
      expect((await loadCheckout(db, c.id))!.status).toBe('awaiting_approval');
    });
  });
}
