/**
 * Customers in the back office (docs/product/back-office-data.md#customers) on a real database: search, one
 * customer's overview, and erasure (GDPR art. 17) — refused while an order or a return is open, idempotent, and
 * keeping the orders' amounts. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { anonymiseCustomer, customerOverview, searchCustomers } from '#server/backoffice/customers.ts';
import { orderDetail } from '#server/backoffice/order-detail.ts';
import { anonymisedOrderCustomer } from '#lib/backoffice/customer-anonymise.ts';
import type { DomainError } from '#lib/errors/domain-errors.ts';
import { ENGINES, insertTestOrder } from './backoffice-db.ts';

const at = (d: number) => new Date(Date.UTC(2026, 10, d, 10)).toISOString();
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: DomainError) => ({ code: e.code, message: e.message }),
  );

describe('anonymisedOrderCustomer', () => {
  it('replaces the person, keeps a business buyer’s company and organisation number', () => {
    const person = {
      type: 'consumer' as const,
      email: 'a@b.se',
      mobile: '0701',
      first_name: 'Anna',
      last_name: 'S',
      street: 'G 1',
      postal_code: '111 22',
      city: 'Sthlm',
      create_account: true,
    };
    expect(anonymisedOrderCustomer(person, 'x@erased.invalid')).toEqual({
      type: 'consumer',
      email: 'x@erased.invalid',
      mobile: '',
      first_name: 'erased',
      last_name: '',
      street: '',
      postal_code: '',
      city: '',
    });
    expect(
      anonymisedOrderCustomer({ ...person, type: 'business', company_name: 'Verkstad AB', organisation_number: '556677-8899' }, 'x'),
    ).toMatchObject({
      company_name: 'Verkstad AB',
      organisation_number: '556677-8899',
      first_name: 'erased',
    });
  });
});

describe.each(ENGINES)('back office customers on $name', (engine) => {
  let db: Db;
  let close: () => Promise<void>;

  const customer = (id: number, email: string, name: string, extra: object = {}) => ({
    id,
    email,
    name,
    password_hash: 'hash',
    discounts: '{}',
    created_at: at(id),
    phone: '0701234567',
    postal_code: '11122',
    city: 'Stockholm',
    street: 'Gatan 1',
    marketing_consent: 0,
    marketing_consent_at: null,
    ...extra,
  });

  beforeAll(async () => {
    ({ db, close } = await engine.open());
    await db
      .insertInto('customers')
      .values([
        customer(1, 'anna@example.se', 'Anna Svensson', { marketing_consent: 1, marketing_consent_at: at(1) }),
        customer(2, 'bo@example.se', 'Bo Ek', { phone: '0709998877', postal_code: '41263' }),
      ])
      .execute();
    // Anna: a delivered account order, a guest order with her e-mail in another case, a subscription, a session
    await insertTestOrder(db, { number: '4000001', placedAt: at(2), status: 'delivered', customerId: 1, email: 'anna@example.se' });
    await insertTestOrder(db, { number: '4000002', placedAt: at(3), status: 'cancelled', email: 'Anna@Example.se' });
    // Bo: an order still to be shipped
    await insertTestOrder(db, {
      number: '4000003',
      placedAt: at(4),
      status: 'paid',
      customerId: 2,
      email: 'bo@example.se',
      first: 'Bo',
      last: 'Ek',
    });
    await db
      .insertInto('subscriptions')
      .values({
        id: 'sub-1',
        locale: 'sv',
        customer_id: 1,
        email: 'anna@example.se',
        product_id: 1,
        sku: 'P-1',
        name: 'Filter',
        quantity: 1,
        interval_months: 6,
        status: 'active',
        next_due: '2027-05-01',
        anchor_day: 1,
        last_delivery: '2026-11-01',
        source_order_id: '4000001',
        source_line: 0,
        renewal_template: JSON.stringify({
          customer: { email: 'anna@example.se', first_name: 'Anna', street: 'Gatan 1' },
          shippingOptionId: 'x',
          servicePointId: null,
        }),
        created_at: at(2),
        updated_at: at(2),
      })
      .execute();
    await db
      .insertInto('auth_refresh_tokens')
      .values({
        token_hash: randomUUID(),
        family_id: 'f1',
        scope: 'customer',
        customer_id: 1,
        order_id: null,
        created_at: at(5),
        expires_at: at(25),
        used_at: null,
      })
      .execute();
    await db
      .insertInto('mail_suppressions')
      .values({ email: 'anna@example.se', locale: 'sv', reason: 'one_click', created_at: at(6) })
      .execute();
    await db
      .insertInto('mail_outbox')
      .values({
        id: randomUUID(),
        kind: 'order_confirmation',
        locale: 'sv',
        recipient: 'anna@example.se',
        subject: 'Tack Anna',
        text_body: 'Hej Anna, Gatan 1',
        html_body: '<p>Hej Anna</p>',
        headers: '{}',
        dedupe_key: 'order_confirmation:4000001',
        status: 'sent',
        attempts: 1,
        next_attempt_at: at(2),
        created_at: at(2),
      })
      .execute();
  });
  afterAll(async () => {
    await close();
  });

  it('searches e-mail in any case, a part of the name, the phone and the postal code', async () => {
    const ids = async (q: string) => (await searchCustomers(db, q)).map((c) => c.id);
    expect(await ids('ANNA@example.se')).toEqual([1]);
    expect(await ids('svens')).toEqual([1]);
    expect(await ids('070-999 88 77')).toEqual([2]);
    expect(await ids('412 63')).toEqual([2]);
    expect(await ids('111 22')).toEqual([1]);
    expect(await ids('nobody')).toEqual([]);
    expect(await refusal(searchCustomers(db, 'a'))).toMatchObject({ code: 'invalid_request' });
  });

  it('a customer’s orders (account and guest), subscriptions and consents', async () => {
    const o = await customerOverview(db, 1);
    expect(o.customer).toMatchObject({ id: 1, email: 'anna@example.se', anonymised: false });
    expect(o.orders.map((x) => [x.number, x.state, x.totalMinor])).toEqual([
      ['4000002', 'cancelled', 549_00],
      ['4000001', 'delivered', 549_00],
    ]);
    expect(o.subscriptions).toEqual([
      { id: 'sub-1', sku: 'P-1', name: 'Filter', quantity: 1, intervalMonths: 6, state: 'active', nextDue: '2027-05-01' },
    ]);
    expect(o.consents).toEqual({
      marketing: true,
      marketingChangedAt: at(1),
      unsubscribed: [{ storefront: 'sv', reason: 'one_click', at: at(6) }],
    });
    expect(await refusal(customerOverview(db, 99))).toMatchObject({ code: 'not_found' });
  });

  it('erasure is refused while an order is in progress', async () => {
    expect(await refusal(anonymiseCustomer(db, 2))).toEqual({
      code: 'invalid_transition',
      message: 'Customer 2 has orders in progress (4000003): finish or cancel them first',
    });
    expect((await customerOverview(db, 2)).customer.email).toBe('bo@example.se');
  });

  it('erasure replaces the person everywhere, keeps the orders’ amounts, once', async () => {
    expect(await anonymiseCustomer(db, 1, new Date(at(20)))).toEqual({ customerId: 1, changed: true, orders: 2 });
    expect(await anonymiseCustomer(db, 1)).toEqual({ customerId: 1, changed: false, orders: 0 });
    const row = await db.selectFrom('customers').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'erased-1@erased.invalid',
      name: 'erased',
      phone: '',
      street: '',
      postal_code: '',
      city: '',
      password_hash: '!erased',
    });
    expect(Number(row.marketing_consent)).toBe(0);
    const d = await orderDetail(db, '4000001');
    expect(d.customer.email).toBe('erased-1@erased.invalid');
    expect(d.address).toEqual({ name: 'erased', company: null, street: '', postalCode: '', city: '' });
    expect(d.totals.total_minor).toBe(549_00);
    expect(d.payment.providerReference).toBe('PSP-4000001');
    expect((await orderDetail(db, '4000002')).customer.email).toBe('erased-1@erased.invalid');
    const mail = await db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text_body']).executeTakeFirstOrThrow();
    expect(mail).toEqual({ recipient: 'erased-1@erased.invalid', subject: 'erased', text_body: '' });
    const sub = await db.selectFrom('subscriptions').select(['email', 'status', 'renewal_template']).executeTakeFirstOrThrow();
    expect(sub.status).toBe('cancelled');
    expect(JSON.parse(sub.renewal_template).customer).toMatchObject({ email: 'erased-1@erased.invalid', first_name: 'erased', street: '' });
    expect(await db.selectFrom('auth_refresh_tokens').select('token_hash').where('customer_id', '=', 1).execute()).toEqual([]);
    // Bo's order untouched
    expect((await orderDetail(db, '4000003')).customer.email).toBe('bo@example.se');
  });
});
