/** The demo account of `npm run seed` (README): added once, never overwriting a real account. */
import type { Db } from '#server/db/connection.ts';
import { hashPassword } from '#server/auth/passwords.ts';

export const DEMO_CUSTOMER = {
  id: 1,
  email: 'demo@partsfront.test',
  name: 'Demo Kund',
  password: 'demo-parts-1',
  discounts: { A: 12, B: 5 },
};

export async function seedDemoCustomers(db: Db): Promise<boolean> {
  const exists = await db.selectFrom('customers').select('id').where('email', '=', DEMO_CUSTOMER.email).executeTakeFirst();
  if (exists) return false;
  const taken = await db.selectFrom('customers').select('id').where('id', '=', DEMO_CUSTOMER.id).executeTakeFirst();
  const max = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  await db
    .insertInto('customers')
    .values({
      id: taken ? Number(max?.m ?? 0) + 1 : DEMO_CUSTOMER.id,
      email: DEMO_CUSTOMER.email,
      name: DEMO_CUSTOMER.name,
      password_hash: await hashPassword(DEMO_CUSTOMER.password),
      discounts: JSON.stringify(DEMO_CUSTOMER.discounts),
      created_at: new Date().toISOString(),
    })
    .execute();
  return true;
}
