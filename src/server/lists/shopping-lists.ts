/**
 * Named lists (docs/product/lists.md): a customer's own lists, or a company's lists shared by its members. Access is
 * decided here from who asks (listAccess), never from an id in a request: a list the actor may not read is answered
 * as not found, one they may only read refuses a change (403).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { DomainError, InvalidRequestError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { LIST_LIMITS, listAccess, mayCreateList, mergedQuantity, type ListAccess, type ListActor } from '#lib/lists/list-access.ts';
import type { ListLineInput } from '#lib/lists/list-forms.ts';
import { membershipOf } from '#server/company/company-accounts.ts';

export interface ListSummary {
  id: string;
  name: string;
  /** A company's list (every member sees it), not the customer's own. */
  shared: boolean;
  lineCount: number;
  updatedAt: string;
  access: ListAccess;
}

export interface ListLine {
  sku: string;
  quantity: number;
  note: string | null;
}

export interface ListDetail extends ListSummary {
  lines: ListLine[];
}

const now = () => new Date().toISOString();

/** The asking customer in this storefront: their company counts only in the storefront it buys in. */
export async function listActor(db: Db, customerId: number, locale: LocaleCode): Promise<ListActor> {
  const m = await membershipOf(db, customerId);
  return { customerId, company: m && m.company.locale === locale ? { id: m.company.id, role: m.role } : null };
}

/** Every list the actor may read in this storefront: their company's, then their own, by name. */
export async function listsOf(db: Db, actor: ListActor, locale: LocaleCode): Promise<ListSummary[]> {
  const rows = await db
    .selectFrom('shopping_lists as l')
    .leftJoin('shopping_list_lines as x', 'x.list_id', 'l.id')
    .select(['l.id', 'l.name', 'l.company_id', 'l.customer_id', 'l.updated_at'])
    .select((eb) => eb.fn.count<string | number>('x.sku').as('lines'))
    .where('l.locale', '=', locale)
    .where((eb) =>
      eb.or([
        eb.and([eb('l.company_id', 'is', null), eb('l.customer_id', '=', actor.customerId)]),
        ...(actor.company ? [eb('l.company_id', '=', actor.company.id)] : []),
      ]),
    )
    .groupBy(['l.id', 'l.name', 'l.company_id', 'l.customer_id', 'l.updated_at'])
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      shared: r.company_id !== null,
      lineCount: Number(r.lines),
      updatedAt: r.updated_at,
      access: listAccess(actor, { companyId: r.company_id, customerId: r.customer_id }),
    }))
    .sort((a, b) => Number(b.shared) - Number(a.shared) || a.name.localeCompare(b.name));
}

/** The list with its lines, when the actor may read it; otherwise not found (the same answer as an unknown id). */
export async function listOf(db: Db, actor: ListActor, locale: LocaleCode, id: string): Promise<ListDetail> {
  const row = await db.selectFrom('shopping_lists').selectAll().where('id', '=', id).where('locale', '=', locale).executeTakeFirst();
  const access = row ? listAccess(actor, { companyId: row.company_id, customerId: row.customer_id }) : 'none';
  if (!row || access === 'none') throw new NotFoundError('no such list', 'list');
  const lines = await db
    .selectFrom('shopping_list_lines')
    .select(['sku', 'quantity', 'note'])
    .where('list_id', '=', id)
    .orderBy('position')
    .execute();
  return { id, name: row.name, shared: row.company_id !== null, lineCount: lines.length, updatedAt: row.updated_at, access, lines };
}

/** The list, when the actor may change it: not found when they may not read it, 403 when they only read it. */
export async function editableList(db: Db, actor: ListActor, locale: LocaleCode, id: string): Promise<ListDetail> {
  const list = await listOf(db, actor, locale, id);
  if (list.access !== 'edit') throw new DomainError('forbidden', 'a company viewer may not change lists');
  return list;
}

const touch = (db: Db, id: string) => db.updateTable('shopping_lists').set({ updated_at: now() }).where('id', '=', id).execute();

/** A new list: the company's when the actor buys for one here (a viewer may not), else the actor's own. */
export async function createList(db: Db, actor: ListActor, locale: LocaleCode, name: string): Promise<string> {
  if (!mayCreateList(actor)) throw new DomainError('forbidden', 'a company viewer may not make lists');
  const owned = db
    .selectFrom('shopping_lists')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('locale', '=', locale);
  const { n } = await (
    actor.company
      ? owned.where('company_id', '=', actor.company.id)
      : owned.where('company_id', 'is', null).where('customer_id', '=', actor.customerId)
  ).executeTakeFirstOrThrow();
  if (Number(n) >= LIST_LIMITS.listsPerOwner) throw new InvalidRequestError(`at most ${LIST_LIMITS.listsPerOwner} lists`, 'limit');
  const id = randomUUID();
  const at = now();
  await db
    .insertInto('shopping_lists')
    .values({
      id,
      locale,
      company_id: actor.company?.id ?? null,
      customer_id: actor.customerId,
      name: name.trim(),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

export async function renameList(db: Db, actor: ListActor, locale: LocaleCode, id: string, name: string): Promise<void> {
  await editableList(db, actor, locale, id);
  await db.updateTable('shopping_lists').set({ name: name.trim(), updated_at: now() }).where('id', '=', id).execute();
}

export async function deleteList(db: Db, actor: ListActor, locale: LocaleCode, id: string): Promise<void> {
  await editableList(db, actor, locale, id);
  await db.deleteFrom('shopping_list_lines').where('list_id', '=', id).execute();
  await db.deleteFrom('shopping_lists').where('id', '=', id).execute();
}

/** Adds lines (skus the caller resolved in this storefront): a sku already there gets both quantities. */
export async function addLines(db: Db, actor: ListActor, locale: LocaleCode, id: string, lines: readonly ListLineInput[]): Promise<void> {
  const list = await editableList(db, actor, locale, id);
  const existing = new Map(list.lines.map((l) => [l.sku, l]));
  const fresh = new Set(lines.map((l) => l.sku).filter((s) => !existing.has(s)));
  if (existing.size + fresh.size > LIST_LIMITS.linesPerList)
    throw new InvalidRequestError(`at most ${LIST_LIMITS.linesPerList} lines`, 'limit');
  await db.transaction().execute(async (tx) => {
    const top = await tx
      .selectFrom('shopping_list_lines')
      .select((eb) => eb.fn.max<number | null>('position').as('p'))
      .where('list_id', '=', id)
      .executeTakeFirst();
    let position = Number(top?.p ?? 0);
    for (const l of lines) {
      const had = existing.get(l.sku);
      const note = l.note?.trim() || null;
      if (had) {
        const quantity = mergedQuantity(had.quantity, l.quantity);
        await tx
          .updateTable('shopping_list_lines')
          .set({ quantity, note: note ?? had.note })
          .where('list_id', '=', id)
          .where('sku', '=', l.sku)
          .execute();
        existing.set(l.sku, { ...had, quantity });
      } else {
        const line = { list_id: id, sku: l.sku, quantity: mergedQuantity(undefined, l.quantity), note, position: ++position };
        await tx.insertInto('shopping_list_lines').values(line).execute();
        existing.set(l.sku, line);
      }
    }
    await tx.updateTable('shopping_lists').set({ updated_at: now() }).where('id', '=', id).execute();
  });
}

/** Sets a line's quantity and note (a sku not in the list is not found). */
export async function changeLine(db: Db, actor: ListActor, locale: LocaleCode, id: string, line: ListLineInput): Promise<void> {
  await editableList(db, actor, locale, id);
  const r = await db
    .updateTable('shopping_list_lines')
    .set({ quantity: mergedQuantity(undefined, line.quantity), note: line.note?.trim() || null })
    .where('list_id', '=', id)
    .where('sku', '=', line.sku)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new NotFoundError('no such line', 'sku');
  await touch(db, id);
}

export async function removeLine(db: Db, actor: ListActor, locale: LocaleCode, id: string, sku: string): Promise<void> {
  await editableList(db, actor, locale, id);
  await db.deleteFrom('shopping_list_lines').where('list_id', '=', id).where('sku', '=', sku).execute();
  await touch(db, id);
}
