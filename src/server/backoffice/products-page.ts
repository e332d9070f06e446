/**
 * The /products pages (docs/product/back-office.md#catalogue-products): search and the low-stock list
 * (catalogue.read), and one product's page with its price and stock edits (catalogue.edit). An edit is shown back
 * for confirmation and acts on `step=confirm` through the operator API's service (updateProduct), so the change
 * feed re-renders the public pages within seconds; a confirmation that changes nothing (a double submission)
 * writes nothing. Every change is audited with the record before and after.
 */
import { formText } from '#lib/staff/form-text.ts';
import { answer, seeOther, type PageAnswer } from './page-answer.ts';
import { z } from 'zod';
import { getDb } from '#server/db/connection.ts';
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { STOCK_STATUSES } from '#lib/catalogue/types.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { parsePriceForm, samePrices, tiersText } from '#lib/backoffice/price-tiers-form.ts';
import { updateProduct } from '#server/catalogue/product-updates.ts';
import { stockAlertCounts, type WaitingCount } from '#server/catalogue/stock-alerts.ts';
import { requireStaff, requireStaffPost, staffIpOf, type StaffAccess, type StaffRequest } from '#server/staff/staff-guard.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { lowStock, type LowStockRow } from './queues.ts';
import { searchCatalogue, staffProduct, type CatalogueHit, type StaffProduct } from './catalogue-admin.ts';

type Message = { key: BoKey; values?: Record<string, string> };

export interface ProductsListView {
  access: StaffAccess;
  query: string;
  hits: CatalogueHit[];
  lowStock: LowStockRow[];
  /** Back-in-stock requests per product (docs/product/parts-finder.md#back-in-stock), most waiting first. */
  stockAlerts: WaitingCount[];
}

export type ProductConfirm =
  | { action: 'price'; locale: LocaleCode; normal: string; campaign: string; before: PriceObject; after: PriceObject }
  | {
      action: 'stock';
      stockStatus: string;
      stockQuantity: number;
      before: { stockStatus: string; stockQuantity: number };
    };

export interface ProductView {
  access: StaffAccess;
  product: StaffProduct;
  notice?: Message;
  error?: Message;
  /** The form's values to show back after an error (price: per storefront). */
  draft?: { locale?: LocaleCode; normal?: string; campaign?: string; stockStatus?: string; stockQuantity?: string };
  confirm?: ProductConfirm;
  /** The product's back-in-stock requests: confirmed ones waiting, and ones not confirmed yet. */
  stockAlerts: { waiting: number; pending: number };
}

export async function productsListPage(ctx: StaffRequest): Promise<PageAnswer<ProductsListView>> {
  const access = await requireStaff(ctx, 'catalogue.read');
  if (access instanceof Response) return answer(access);
  const db = getDb();
  const query = (ctx.url.searchParams.get('q') ?? '').trim().slice(0, 100);
  return {
    kind: 'view',
    view: { access, query, hits: await searchCatalogue(db, query), lowStock: await lowStock(db), stockAlerts: await stockAlertCounts(db) },
    status: 200,
  };
}

const priceSchema = z.object({ locale: z.enum(LOCALE_CODES), normal: z.string().max(2000), campaign: z.string().max(2000) });
const stockSchema = z.object({
  stock_status: z.enum(STOCK_STATUSES),
  stock_quantity: z.coerce.number().int().min(0).max(1_000_000_000),
});

/** Public path of a product's back-office page. */
export const productPath = (sku: string) => `/products/${encodeURIComponent(sku)}`;

/** A product page: its view, a redirect or refusal, or `missing` (no such sku) for a signed-in member. */
export type ProductPage = PageAnswer<ProductView> | { kind: 'missing'; access: StaffAccess };

export async function productPage(ctx: StaffRequest, sku: string): Promise<ProductPage> {
  const db = getDb();
  const post = ctx.request.method === 'POST';
  let access: StaffAccess;
  let form: FormData | undefined;
  if (post) {
    const guard = await requireStaffPost(ctx, 'catalogue.edit');
    if (guard instanceof Response) return answer(guard);
    ({ form, ...access } = guard);
  } else {
    const guard = await requireStaff(ctx, 'catalogue.read');
    if (guard instanceof Response) return answer(guard);
    access = guard;
  }
  const product = await staffProduct(db, sku);
  if (!product) return { kind: 'missing', access };
  const [counted] = await stockAlertCounts(db, { productIds: [product.id] });
  const stockAlerts = { waiting: counted?.waiting ?? 0, pending: counted?.pending ?? 0 };
  const view = (extra: Partial<ProductView> = {}, status = 200): PageAnswer<ProductView> => ({
    kind: 'view',
    view: { access, product, stockAlerts, ...extra },
    status,
  });
  if (!form) {
    const done = ctx.url.searchParams.get('done');
    return view(done === 'price' || done === 'stock' ? { notice: { key: `catalogue.done_${done}` } } : {});
  }
  const actor = { staff: access.staff, ip: staffIpOf(ctx) };
  const confirmed = formText(form, 'step') === 'confirm';
  const redirect = (done: string) => seeOther(`${productPath(sku)}?done=${done}`);
  const changedBy = `staff:${access.staff.email}`;
  const subject = { type: 'product', id: product.sku };

  if (formText(form, 'action') === 'price') {
    const fields = priceSchema.safeParse({
      locale: formText(form, 'locale'),
      normal: formText(form, 'normal'),
      campaign: formText(form, 'campaign'),
    });
    if (!fields.success) return view({ error: { key: 'catalogue.bad_input' } }, 400);
    const { locale, normal, campaign } = fields.data;
    const current = product.prices.find((p) => p.locale === locale);
    if (!current) return view({ error: { key: 'catalogue.not_sold_here' } }, 400);
    const parsed = parsePriceForm(normal, campaign);
    if (!parsed.ok)
      return view(
        { error: { key: `catalogue.${parsed.error}`, values: { line: parsed.line ?? '' } }, draft: { locale, normal, campaign } },
        400,
      );
    if (!confirmed) return view({ confirm: { action: 'price', locale, normal, campaign, before: current.prices, after: parsed.prices } });
    // the same prices again (a second click of the same confirmation): nothing to change, nothing to audit
    if (samePrices(current.prices, parsed.prices)) return redirect('price');
    await updateProduct(db, locale, product.sku, { prices: parsed.prices, changed_by: changedBy });
    await recordStaffAction(db, {
      ...actor,
      action: 'catalogue.price',
      subject,
      before: { locale, normal: tiersText(current.prices.n), campaign: tiersText(current.prices.c) },
      after: { locale, normal: tiersText(parsed.prices.n), campaign: tiersText(parsed.prices.c) },
    });
    return redirect('price');
  }

  if (formText(form, 'action') === 'stock') {
    const fields = stockSchema.safeParse({
      stock_status: formText(form, 'stock_status'),
      stock_quantity: formText(form, 'stock_quantity').trim() || 'x',
    });
    const draft = { stockStatus: formText(form, 'stock_status'), stockQuantity: formText(form, 'stock_quantity') };
    if (!fields.success) return view({ error: { key: 'catalogue.bad_stock' }, draft }, 400);
    const { stock_status, stock_quantity } = fields.data;
    const before = { stockStatus: product.stockStatus, stockQuantity: product.stockQuantity };
    if (!confirmed) return view({ confirm: { action: 'stock', stockStatus: stock_status, stockQuantity: stock_quantity, before } });
    if (before.stockStatus === stock_status && before.stockQuantity === stock_quantity) return redirect('stock');
    // stock is one figure for every storefront; the service finds the product through any storefront it is sold in
    const through = product.prices[0]?.locale;
    if (!through) return view({ error: { key: 'catalogue.not_sold_here' } }, 400);
    await updateProduct(db, through, product.sku, { stock_status, stock_quantity, changed_by: changedBy });
    await recordStaffAction(db, {
      ...actor,
      action: 'catalogue.stock',
      subject,
      before,
      after: { stockStatus: stock_status, stockQuantity: stock_quantity },
    });
    return redirect('stock');
  }
  return view({ error: { key: 'catalogue.bad_input' } }, 400);
}
