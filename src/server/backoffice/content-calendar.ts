/**
 * The studio's Christmas calendar (docs/product/content-studio.md#christmas-calendar): a storefront's 24 doors with
 * the product behind each (chosen by an editor, else the automatic pick); an editor names products by number, sees
 * the change for confirmation, and the confirmed doors go live through the change feed (the calendar page is
 * re-rendered within seconds). Rules: a product sold and orderable in the storefront, none twice; an empty door
 * goes back to the automatic pick. content.edit; audited with the doors before and after.
 */
import { formText } from '#lib/staff/form-text.ts';
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
import { LOCALE_CODES, isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';
import { CALENDAR_DOORS } from '#lib/catalogue/christmas-calendar.ts';
import { getDb } from '#server/db/connection.ts';
import { staffIpOf, type StaffAccess, type StaffRequest } from '#server/staff/staff-guard.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { calendarPageData } from '#server/catalogue/showcase-pages.ts';
import { chooseDoors, chosenDoors } from '#server/catalogue/calendar-doors.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { contentGuard } from './content-studio.ts';
import { answer, seeOther, type PageAnswer } from './page-answer.ts';

export interface CalendarDoorRow {
  door: number;
  sku: string;
  name: string;
  chosen: boolean;
}

export interface CalendarView {
  access: StaffAccess;
  locale: LocaleCode;
  doors: CalendarDoorRow[];
  /** The numbers typed, door by door (after an error or in the confirm step). */
  typed?: string[];
  /** The confirm step: the doors that change. */
  confirm?: { door: number; before: string; after: string }[];
  notice?: { key: BoKey };
  error?: { key: BoKey; values?: Record<string, string> };
}

async function currentDoors(locale: LocaleCode): Promise<CalendarDoorRow[]> {
  const [page, chosen] = await Promise.all([calendarPageData(locale), chosenDoors(getDb(), locale)]);
  return page.doors.map((p, i) => ({ door: i + 1, sku: p.sku, name: p.name, chosen: chosen.get(i + 1) === p.id }));
}

export async function calendarPage(ctx: StaffRequest): Promise<PageAnswer<CalendarView>> {
  const guarded = await contentGuard(ctx);
  if (guarded instanceof Response) return answer(guarded);
  const { access, form } = guarded;
  const asked = form ? formText(form, 'locale') : (ctx.url.searchParams.get('locale') ?? 'sv');
  const locale: LocaleCode = isLocaleCode(asked) ? asked : LOCALE_CODES[0];
  const doors = await currentDoors(locale);
  const view = (extra: Partial<CalendarView> = {}, status = 200): PageAnswer<CalendarView> => ({
    kind: 'view',
    view: { access, locale, doors, ...extra },
    status,
  });
  if (!form) return view(ctx.url.searchParams.get('done') === 'doors' ? { notice: { key: 'content.done_doors' } } : {});

  // the numbers typed for the chosen doors; an empty field is the automatic pick
  const typed = Array.from({ length: CALENDAR_DOORS }, (_, i) =>
    formText(form, `door${i + 1}`)
      .trim()
      .slice(0, 64),
  );
  const skus = [...new Set(typed.filter(Boolean))];
  const products = skus.length
    ? await localizedProducts(getDb(), locale).where('p.sku', 'in', skus).select(['p.id', 'p.sku', 't.name', 'p.orderable']).execute()
    : [];
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const unknown = skus.find((s) => !bySku.get(s)?.orderable);
  if (unknown) return view({ typed, error: { key: 'content.door_not_sold', values: { sku: unknown } } }, 400);
  if (skus.length !== typed.filter(Boolean).length) return view({ typed, error: { key: 'content.door_twice' } }, 400);
  const chosen = new Map<number, number>();
  typed.forEach((sku, i) => sku && chosen.set(i + 1, bySku.get(sku)!.id));
  const before = doors.filter((d) => d.chosen).map((d) => `${d.door}:${d.sku}`);
  const after = typed.flatMap((sku, i) => (sku ? [`${i + 1}:${sku}`] : []));
  if (formText(form, 'step') !== 'confirm') {
    const confirm = doors
      .map((d, i) => ({ door: d.door, before: d.chosen ? d.sku : '', after: typed[i] ?? '' }))
      .filter((c) => c.before !== c.after);
    return view({ typed, confirm });
  }
  // a second click of the same confirmation changes nothing
  if (before.join() !== after.join()) {
    await chooseDoors(getDb(), locale, chosen, `staff:${access.staff.email}`);
    await recordStaffAction(getDb(), {
      staff: access.staff,
      ip: staffIpOf(ctx),
      action: 'content.calendar',
      subject: { type: 'calendar', id: locale },
      before: { doors: before },
      after: { doors: after },
    });
  }
  return seeOther(`/content/calendar?locale=${locale}&done=doors`);
}
