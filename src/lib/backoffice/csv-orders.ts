/** The order list's CSV columns (docs/product/back-office-data.md#csv-export): one header, one record per order. */
import { csvRow, minorToDecimal } from './csv.ts';
import type { OrderListRow } from './order-list-row.ts';

export const ORDER_CSV_HEADER = [
  'number',
  'placed_at',
  'storefront',
  'customer_name',
  'email',
  'state',
  'payment_method',
  'shipping_option',
  'total',
  'currency',
  'lines',
] as const;

/** The amount is in the currency's main unit with its two decimals ("1234.50"); every storefront currency has two. */
export const orderCsvRecord = (r: OrderListRow): string =>
  csvRow([
    r.number,
    r.placedAt,
    r.storefront,
    r.customerName,
    r.email,
    r.state,
    r.paymentMethod,
    r.shippingOption,
    minorToDecimal(r.totalMinor),
    r.currency,
    r.lineCount,
  ]);

export const orderCsvHeader = (): string => csvRow(ORDER_CSV_HEADER);
