/**
 * Lists and the saved cart (docs/product/lists.md), on SQLite and PostgreSQL: a company's lists are shared by its
 * members (viewers read only), personal lists stay personal, another company's list is not found by its id; limits;
 * the saved cart is one per customer and storefront.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { createCompany } from '#server/company/company-accounts.ts';
import { LIST_LIMITS } from '#lib/lists/list-access.ts';
import {
  addLines,
  changeLine,
  createList,
  deleteList,
  listActor,
  listOf,
  listsOf,
  removeLine,
  renameList,
} from '#server/lists/shopping-lists.ts';
import { deleteSavedCart, saveCart, savedCart } from '#server/lists/saved-cart.ts';
import { ENGINES } from '#tests/unit/server/backoffice/backoffice-db.ts';
import { swedishOrgNumber } from '#tests/support/org-numbers.ts';

const billing = { street: 'Gatan 1', postalCode: '111 22', city: 'Stockholm' };

for (const engine of ENGINES) {
  describe(`lists on ${engine.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      ({ db, close } = await engine.open());
      for (const who of ['anna', 'bo', 'vera', 'olle', 'solo']) ids[who] = (await createCustomer(db, `${who}@example.se`, who))!.id;
      const a = await createCompany(db, 'sv', ids.anna!, { name: 'A AB', organisationNumber: swedishOrgNumber(1), billing });
      await createCompany(db, 'sv', ids.olle!, { name: 'B AB', organisationNumber: swedishOrgNumber(2), billing });
      for (const [who, role] of [
        ['bo', 'buyer'],
        ['vera', 'viewer'],
      ] as const)
        await db
          .insertInto('company_members')
          .values({
            customer_id: ids[who]!,
            company_id: a.company.id,
            role,
            spending_limit_minor: null,
            created_at: new Date().toISOString(),
          })
          .execute();
    });
    afterAll(async () => {
      await close?.();
    });
    const actor = (who: string, locale: 'sv' | 'no' = 'sv') => listActor(db, ids[who]!, locale);

    it('a buyer’s list is the company’s: every member sees it, a viewer only reads, another company finds nothing', async () => {
      const bo = await actor('bo');
      const id = await createList(db, bo, 'sv', ' Servicebil 3 ');
      await addLines(db, bo, 'sv', id, [
        { sku: 'SKU-1', quantity: 2, note: 'hylla 4' },
        { sku: 'SKU-2', quantity: 1 },
      ]);
      await addLines(db, await actor('anna'), 'sv', id, [{ sku: 'SKU-1', quantity: 3 }]);
      const seen = await listOf(db, await actor('vera'), 'sv', id);
      expect(seen).toMatchObject({ name: 'Servicebil 3', shared: true, access: 'read' });
      expect(seen.lines).toEqual([
        { sku: 'SKU-1', quantity: 5, note: 'hylla 4' },
        { sku: 'SKU-2', quantity: 1, note: null },
      ]);
      expect((await listsOf(db, await actor('anna'), 'sv')).map((l) => [l.name, l.lineCount, l.access])).toEqual([
        ['Servicebil 3', 2, 'edit'],
      ]);

      const vera = await actor('vera');
      await expect(addLines(db, vera, 'sv', id, [{ sku: 'X', quantity: 1 }])).rejects.toMatchObject({ code: 'forbidden' });
      await expect(renameList(db, vera, 'sv', id, 'x')).rejects.toMatchObject({ code: 'forbidden' });
      await expect(deleteList(db, vera, 'sv', id)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(createList(db, vera, 'sv', 'mine')).rejects.toMatchObject({ code: 'forbidden' });

      const olle = await actor('olle');
      for (const step of [
        () => listOf(db, olle, 'sv', id),
        () => renameList(db, olle, 'sv', id, 'taken'),
        () => addLines(db, olle, 'sv', id, [{ sku: 'X', quantity: 1 }]),
        () => removeLine(db, olle, 'sv', id, 'SKU-1'),
        () => deleteList(db, olle, 'sv', id),
      ])
        await expect(step()).rejects.toMatchObject({ code: 'not_found' });
      expect(await listsOf(db, olle, 'sv')).toEqual([]);
      // the company buys in sv: in another storefront its members see neither the list nor act for the company
      await expect(listOf(db, await actor('bo', 'no'), 'no', id)).rejects.toMatchObject({ code: 'not_found' });
      expect((await listOf(db, bo, 'sv', id)).name).toBe('Servicebil 3');
    });

    it('changes, removes, renames and deletes lines and lists', async () => {
      const anna = await actor('anna');
      const id = await createList(db, anna, 'sv', 'Lager');
      await addLines(db, anna, 'sv', id, [
        { sku: 'A', quantity: 1 },
        { sku: 'B', quantity: 1 },
      ]);
      await changeLine(db, anna, 'sv', id, { sku: 'A', quantity: 7, note: 'ny' });
      await removeLine(db, anna, 'sv', id, 'B');
      await renameList(db, anna, 'sv', id, 'Lager 2');
      expect(await listOf(db, anna, 'sv', id)).toMatchObject({ name: 'Lager 2', lines: [{ sku: 'A', quantity: 7, note: 'ny' }] });
      await expect(changeLine(db, anna, 'sv', id, { sku: 'B', quantity: 1 })).rejects.toMatchObject({ code: 'not_found' });
      await deleteList(db, anna, 'sv', id);
      await expect(listOf(db, anna, 'sv', id)).rejects.toMatchObject({ code: 'not_found' });
    });

    it('a personal list is its owner’s only; limits on lines and lists', async () => {
      const solo = await actor('solo');
      expect(solo.company).toBeNull();
      const id = await createList(db, solo, 'sv', 'Hemma');
      expect((await listOf(db, solo, 'sv', id)).shared).toBe(false);
      await expect(listOf(db, await actor('anna'), 'sv', id)).rejects.toMatchObject({ code: 'not_found' });
      const many = Array.from({ length: LIST_LIMITS.linesPerList + 1 }, (_, i) => ({ sku: `S${i}`, quantity: 1 }));
      await expect(addLines(db, solo, 'sv', id, many)).rejects.toMatchObject({ code: 'invalid_request', field: 'limit' });
      for (let i = 1; i < LIST_LIMITS.listsPerOwner; i++) await createList(db, solo, 'sv', `L${i}`);
      await expect(createList(db, solo, 'sv', 'one too many')).rejects.toMatchObject({ field: 'limit' });
      // the limit counts per storefront
      await createList(db, await actor('solo', 'no'), 'no', 'Norge');
    });

    it('saves one cart per customer and storefront, replaced by the next save', async () => {
      await saveCart(db, ids.solo!, 'sv', [{ sku: 'A', quantity: 2 }]);
      await saveCart(db, ids.solo!, 'sv', [
        { sku: 'B', quantity: 1 },
        { sku: 'C', quantity: 4 },
      ]);
      expect((await savedCart(db, ids.solo!, 'sv'))?.lines).toEqual([
        { sku: 'B', quantity: 1 },
        { sku: 'C', quantity: 4 },
      ]);
      expect(await savedCart(db, ids.solo!, 'no')).toBeUndefined();
      expect(await savedCart(db, ids.anna!, 'sv')).toBeUndefined();
      await expect(saveCart(db, ids.solo!, 'sv', [])).rejects.toMatchObject({ field: 'cart' });
      await deleteSavedCart(db, ids.solo!, 'sv');
      expect(await savedCart(db, ids.solo!, 'sv')).toBeUndefined();
    });
  });
}
