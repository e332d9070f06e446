/**
 * Test customers and their orders written straight into the database, for the API and e2e suites that
 * need accounts the seed does not have (each run stamps its own e-mails).
 */
import type { Insertable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { CustomersTable } from '#server/db/schema.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { hashPassword } from '#server/auth/passwords.ts';

export type NewCustomer = Omit<Insertable<CustomersTable>, 'id' | 'password_hash' | 'discounts' | 'created_at'> & {
  /** Omitted: an account without a password (it logs in by e-mail link only). */
  password?: string;
  created_at?: string;
};

/** Inserts a customer; answers its id. Safe beside other test processes inserting customers at the same time. */
export async function insertCustomer(db: Db, c: NewCustomer): Promise<number> {
  const { password, created_at = new Date().toISOString(), ...profile } = c;
  const row = { ...profile, password_hash: password ? await hashPassword(password) : '', discounts: '{}', created_at };
  for (let attempt = 0; ; attempt++) {
    // customers.id has no sequence on PostgreSQL (migration 0003): take the next free number; another worker
    // taking it first is a key conflict, and the next try reads the new maximum.
    const max = await db
      .selectFrom('customers')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    const id = Number(max?.m ?? 0) + 1 + attempt;
    try {
      await db
        .insertInto('customers')
        .values({ id, ...row })
        .execute();
      return id;
    } catch (err) {
      if (attempt >= 20) throw err;
    }
  }
}

/** A paid order of 100.00 without lines or checkout: enough for "has ordered in this storefront". */
export async function insertPaidOrder(
  db: Db,
  o: { id: string; locale: LocaleCode; currency: string; email: string; customer_id: number | null; created_at: string },
): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      ...o,
      status: 'paid',
      total: 100,
      items: '[]',
      checkout_id: null,
      total_minor: 10000,
      payment_status: null,
      delivered_at: null,
    })
    .execute();
}
