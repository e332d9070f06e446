import type { Db } from '#server/db/connection.ts';

export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}
