/**
 * The engines the back office's service tests run on: SQLite in memory always, and PostgreSQL when
 * TEST_DATABASE_URL is set — in a schema of its own, dropped afterwards, so it never meets another suite's rows.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { OrderDetails } from '#server/orders/order-details.ts';

export interface TestEngine {
  name: string;
  open: () => Promise<{ db: Db; close: () => Promise<void> }>;
}

const sqlite: TestEngine = {
  name: 'sqlite',
  open: async () => {
    const { db } = openDb({ kind: 'sqlite', file: ':memory:' });
    await migrate(db);
    return { db, close: () => db.destroy() };
  },
};

function postgres(url: string): TestEngine {
  return {
    name: 'postgres',
    open: async () => {
      const schema = `bo_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const scoped = new URL(url);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      const { db } = openDb({ kind: 'postgres', url: scoped.toString() });
      await migrate(db);
      return {
        db,
        close: async () => {
          await db.destroy();
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          await c.query(`DROP SCHEMA ${schema} CASCADE`);
          await c.end();
        },
      };
    },
  };
}

export const ENGINES: TestEngine[] = [sqlite, ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : [])];

export interface TestOrder {
  number: string;
  locale?: LocaleCode;
  email?: string;
  status?: string;
  paymentStatus?: string | null;
  placedAt: string;
  first?: string;
  last?: string;
  postalCode?: string;
  payment?: string;
  provider?: string;
  shipping?: string;
  lines?: { sku: string; quantity: number; unit: number; vat: number }[];
  customerId?: number | null;
}

const CURRENCY: Record<LocaleCode, 'SEK' | 'NOK' | 'DKK' | 'EUR'> = { sv: 'SEK', no: 'NOK', da: 'DKK', fi: 'EUR', nl: 'EUR' };

/** An order row as checkout writes it: the snapshot with lines, totals and the VAT per rate. */
export async function insertTestOrder(db: Db, o: TestOrder): Promise<void> {
  const locale = o.locale ?? 'sv';
  const lines = (o.lines ?? [{ sku: 'P-1', quantity: 2, unit: 250_00, vat: 25 }]).map((l) => ({
    sku: l.sku,
    name: `Product ${l.sku}`,
    quantity: l.quantity,
    unit_price_minor: l.unit,
    total_minor: l.unit * l.quantity,
    vat_rate: l.vat,
  }));
  const goods = lines.reduce((s, l) => s + l.total_minor, 0);
  const shippingMinor = 49_00;
  const rates = [...new Set(lines.map((l) => l.vat_rate))];
  const vatBreakdown = rates.map((rate) => {
    const gross = lines.filter((l) => l.vat_rate === rate).reduce((s, l) => s + l.total_minor, 0) + (rate === rates[0] ? shippingMinor : 0);
    const net = Math.round((gross * 100) / (100 + rate));
    return { rate, net_minor: net, vat_minor: gross - net, gross_minor: gross };
  });
  const total = goods + shippingMinor;
  const details: OrderDetails = {
    checkout_id: `chk-${o.number}`,
    customer: {
      type: 'consumer',
      email: o.email ?? `${o.number}@example.se`,
      mobile: '0701234567',
      first_name: o.first ?? 'Anna',
      last_name: o.last ?? 'Svensson',
      street: 'Gatan 1',
      postal_code: o.postalCode ?? '111 22',
      city: 'Stockholm',
    },
    lines,
    totals: {
      currency: CURRENCY[locale],
      goods_minor: goods,
      discount_minor: 0,
      shipping_minor: shippingMinor,
      total_minor: total,
      vat_minor: vatBreakdown.reduce((s, r) => s + r.vat_minor, 0),
      vat_breakdown: vatBreakdown,
      free_shipping_threshold_minor: 0,
      free_shipping_left_minor: 0,
    },
    coupons: [],
    shipping: {
      processor: 'eel',
      served_by: 'eel',
      option_id: o.shipping ?? 'postnord-home',
      carrier: 'PostNord',
      name: 'Home delivery',
      min_days: 1,
      max_days: 3,
      service_point: null,
    },
    payment: {
      method: o.payment ?? 'card',
      method_name: 'Card',
      provider: o.provider ?? 'adyen',
      session_id: `sess-${o.number}`,
      provider_reference: `PSP-${o.number}`,
    },
    invoice_reference: null,
  };
  await db
    .insertInto('orders')
    .values({
      id: o.number,
      locale,
      email: o.email ?? `${o.number}@example.se`,
      customer_id: o.customerId ?? null,
      status: o.status ?? 'paid',
      currency: CURRENCY[locale],
      total: total / 100,
      total_minor: total,
      payment_status: o.paymentStatus === undefined ? 'authorized' : o.paymentStatus,
      items: JSON.stringify(lines.map((l) => ({ sku: l.sku, name: l.name, quantity: l.quantity, price: l.unit_price_minor / 100 }))),
      created_at: o.placedAt,
      checkout_id: `chk-${o.number}`,
      details: JSON.stringify(details),
    })
    .execute();
  await db
    .insertInto('order_events')
    .values({
      id: randomUUID(),
      order_id: o.number,
      at: o.placedAt,
      kind: 'order',
      from_state: 'pending_payment',
      to_state: 'placed',
      event: 'place',
      source: 'checkout',
    })
    .execute();
}
