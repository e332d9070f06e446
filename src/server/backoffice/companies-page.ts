/**
 * The /companies pages (reading: customers.read; setting prices: companies.prices; docs/product/back-office.md#companies,
 * docs/product/company-prices.md): the company accounts with a search, and one company's prices — a percent per
 * discount category and its price list. Every change is a CSRF-checked post written to the audit log with the value
 * before and after; a bad form answers the page with what is wrong (400), an unknown SKU 422, an unknown company 404.
 */
import { answer, seeOther, type PageAnswer } from './page-answer.ts';
import { getDb } from '#server/db/connection.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { requireStaff, requireStaffPost, staffIpOf, type StaffAccess, type StaffRequest } from '#server/staff/staff-guard.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
import { can } from '#lib/staff/permissions.ts';
import { badPriceField, companyPriceFormSchema } from '#lib/company/company-price-forms.ts';
import { parsePriceList, PRICE_LIST_MAX_BYTES, PRICE_LIST_MAX_LINES } from '#lib/company/price-list-csv.ts';
import {
  companyPriceSheet,
  importPriceLines,
  isKnownSku,
  listCompanies,
  removePriceLine,
  setCategoryDiscount,
  setPriceLine,
  unknownSkus,
  type CompanyListRow,
  type CompanyPriceSheet,
} from '#server/company/company-prices.ts';

export interface CompaniesPageView {
  access: StaffAccess;
  q: string;
  companies?: CompanyListRow[];
  sheet?: CompanyPriceSheet;
  mayEdit: boolean;
  notice?: { key: BoKey };
  error?: { key: BoKey; values?: Record<string, string> };
}

const DONE: Record<string, BoKey> = {
  discount: 'companies.done_discount',
  price: 'companies.done_price',
  remove_price: 'companies.done_remove',
  upload: 'companies.done_upload',
};
const ID = /^[\w-]{1,64}$/;

export async function companiesPage(ctx: StaffRequest, idParam: string | undefined): Promise<PageAnswer<CompaniesPageView>> {
  const db = getDb();
  const q = (ctx.url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const base = (access: StaffAccess): CompaniesPageView => ({ access, q, mayEdit: can(access.staff.role, 'companies.prices') });
  const view = (v: CompaniesPageView, status = 200) => ({ kind: 'view' as const, view: v, status });

  if (idParam === undefined) {
    const access = await requireStaff(ctx, 'customers.read');
    if (access instanceof Response) return answer(access);
    return view({ ...base(access), companies: await listCompanies(db, q) });
  }

  const post = ctx.request.method === 'POST';
  const access = post ? await requireStaffPost(ctx, 'companies.prices') : await requireStaff(ctx, 'customers.read');
  if (access instanceof Response) return answer(access);
  const sheetOf = async (id: string) => {
    try {
      return await companyPriceSheet(db, id);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'not_found') return undefined;
      throw err;
    }
  };
  const sheet = ID.test(idParam) ? await sheetOf(idParam) : undefined;
  if (!sheet) return view({ ...base(access), error: { key: 'companies.missing' } }, 404);
  const shown = { ...base(access), sheet };
  if (!post) {
    const done = DONE[ctx.url.searchParams.get('done') ?? ''];
    return view(done ? { ...shown, notice: { key: done } } : shown);
  }

  const form = 'form' in access ? (access.form as FormData) : new FormData();
  const id = sheet.company.id;
  const audit = (action: string, before: unknown, after: unknown) =>
    recordStaffAction(db, { staff: access.staff, action, subject: { type: 'company', id }, before, after, ip: staffIpOf(ctx) });
  if (form.get('action') === 'upload') {
    // the CSV price list: all lines or none (docs/product/company-prices.md#back-office)
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0 || file.size > PRICE_LIST_MAX_BYTES || !/\.(csv|txt)$/i.test(file.name))
      return view({ ...shown, error: { key: 'companies.bad_file' } }, 400);
    const list = parsePriceList(await file.text());
    if (list.tooLong) return view({ ...shown, error: { key: 'companies.too_long', values: { max: String(PRICE_LIST_MAX_LINES) } } }, 400);
    if (list.problems.length > 0 || list.lines.length === 0) {
      const lines = list.problems.slice(0, 20).map((p) => String(p.line));
      return view({ ...shown, error: { key: 'companies.bad_lines', values: { lines: lines.join(', ') || '—' } } }, 400);
    }
    const unknown = await unknownSkus(
      db,
      list.lines.map((l) => l.sku),
    );
    if (unknown.length > 0)
      return view({ ...shown, error: { key: 'companies.unknown_sku', values: { sku: unknown.slice(0, 20).join(', ') } } }, 422);
    const done = await importPriceLines(db, id, list.lines);
    await audit('companies.upload_prices', null, { lines: list.lines.length, ...done });
    return seeOther(`/companies/${encodeURIComponent(id)}?done=upload`);
  }
  const parsed = companyPriceFormSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')));
  if (!parsed.success) return view({ ...shown, error: { key: 'companies.bad_form', values: { field: badPriceField(parsed.error) } } }, 400);
  const f = parsed.data;
  if (f.action === 'discount') {
    const before = await setCategoryDiscount(db, id, f.category, f.percent);
    await audit('companies.discount', { category: f.category, percent: before }, { category: f.category, percent: f.percent });
  } else if (f.action === 'price') {
    if (!(await isKnownSku(db, f.sku))) return view({ ...shown, error: { key: 'companies.unknown_sku', values: { sku: f.sku } } }, 422);
    const before = await setPriceLine(db, id, f.sku, f.price);
    await audit('companies.price', { sku: f.sku, price_minor: before }, { sku: f.sku, price_minor: f.price });
  } else {
    const before = await removePriceLine(db, id, f.sku);
    if (before !== null) await audit('companies.remove_price', { sku: f.sku, price_minor: before }, { sku: f.sku, price_minor: null });
  }
  return seeOther(`/companies/${encodeURIComponent(id)}?done=${f.action}`);
}
