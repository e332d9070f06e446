/**
 * The cart context of a customer (src/server/checkout/request-cart-context.ts), on SQLite and PostgreSQL: an order an
 * admin approves is priced as its buyer's, so the context built from the buyer's id carries the same company terms
 * as the buyer's own requests (docs/adr/0034-company-order-approval.md, docs/adr/0035-company-prices.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { createCompany } from '#server/company/company-accounts.ts';
import { setCategoryDiscount } from '#server/company/company-prices.ts';
import { cartContextOfCustomer } from '#server/checkout/request-cart-context.ts';
import { ENGINES } from '#tests/unit/server/backoffice/backoffice-db.ts';

const billing = { street: 'Gatan 1', postalCode: '111 22', city: 'Stockholm' };

for (const engine of ENGINES) {
  describe(`cart context of a customer on ${engine.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await engine.open());
    });
    afterAll(async () => {
      await close?.();
    });

    it("carries the buyer's company terms, and none for a customer without a company", async () => {
      const admin = (await createCustomer(db, 'ctx-admin@example.se', 'Ada'))!;
      const loner = (await createCustomer(db, 'ctx-loner@example.se', 'Lo'))!;
      const { company } = await createCompany(db, 'sv', admin.id, { name: 'Ctx AB', organisationNumber: '556677-8899', billing });
      await setCategoryDiscount(db, company.id, 'A', 15);
      expect(await cartContextOfCustomer(db, admin.id)).toEqual({
        customer: { id: admin.id, discounts: {} },
        company: { id: company.id, locale: 'sv', discounts: { A: 15 } },
      });
      expect(await cartContextOfCustomer(db, loner.id)).toEqual({ customer: { id: loner.id, discounts: {} } });
      expect(await cartContextOfCustomer(db, 987_654)).toEqual({ customer: null });
    });
  });
}
