/**
 * "My appliances" in the account (docs/product/parts-finder.md#my-appliances): the models a logged-in customer
 * saved (table customer_models, migration 0035). Every function takes the customer from the session, never from
 * the request body or URL, so no id a client sends can reach another customer's rows.
 */
import type { AstroCookies } from 'astro';
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { MAX_SAVED_MODELS } from '#lib/account/saved-models.ts';
import type { SaveModelsRequest, SavedModelView } from '#lib/api/my-appliances-contracts.ts';
import { NotFoundError, UnauthorizedError } from '#lib/errors/domain-errors.ts';
import { resolveVisitor } from '#server/auth/visitor.ts';

/** The logged-in customer's id; anyone else (a guest order session included) is a 401. */
export async function requireCustomerId(db: Db, request: Request, cookies: AstroCookies): Promise<number> {
  const visitor = await resolveVisitor(db, request, cookies);
  if (visitor.kind !== 'customer') throw new UnauthorizedError('log in to keep your appliances in your account');
  return visitor.customerId;
}

/** The customer's saved models still in the catalogue, newest first, named in the storefront's language. */
export async function savedModelsOf(db: Db, customerId: number, locale: LocaleCode): Promise<SavedModelView[]> {
  const rows = await db
    .selectFrom('customer_models as cm')
    .innerJoin('appliance_models as m', 'm.id', 'cm.model_id')
    .innerJoin('brands as b', 'b.id', 'm.brand_id')
    .innerJoin('category_translations as ct', (j) => j.onRef('ct.category_id', '=', 'm.category_id').on('ct.locale', '=', locale))
    .where('cm.customer_id', '=', customerId)
    .select(['m.slug', 'm.number', 'b.name as brand', 'ct.name as type', 'cm.saved_at'])
    .orderBy('cm.saved_at', 'desc')
    .orderBy('m.slug')
    .limit(MAX_SAVED_MODELS)
    .execute();
  return rows.map((r) => ({
    slug: r.slug,
    number: r.number,
    brand: r.brand,
    type: r.type,
    url: pathFor('model-slug', locale, { slug: r.slug }),
    saved_at: r.saved_at,
  }));
}

/**
 * Saves models for the customer (one from the save button, or the browser's whole list on login): a model saved
 * in both places keeps the later time; a time in the future counts as now; the oldest beyond the cap are dropped.
 * Unknown slugs are skipped; when none is known the answer is 404.
 */
export async function saveModels(db: Db, customerId: number, models: SaveModelsRequest['models'], now = Date.now()): Promise<void> {
  const known = await db
    .selectFrom('appliance_models')
    .where(
      'slug',
      'in',
      models.map((m) => m.slug),
    )
    .select(['id', 'slug'])
    .execute();
  if (known.length === 0) throw new NotFoundError('no such appliance model');
  const idOf = new Map(known.map((k) => [k.slug, k.id]));
  const byModel = new Map<number, string>();
  for (const m of models) {
    const id = idOf.get(m.slug);
    if (id === undefined) continue;
    const at = new Date(Math.min(m.saved_at ? Date.parse(m.saved_at) : now, now)).toISOString();
    if ((byModel.get(id) ?? '') < at) byModel.set(id, at);
  }
  await db.transaction().execute(async (trx) => {
    for (const [modelId, savedAt] of byModel)
      await trx
        .insertInto('customer_models')
        .values({ customer_id: customerId, model_id: modelId, saved_at: savedAt })
        .onConflict((oc) =>
          oc.columns(['customer_id', 'model_id']).doUpdateSet({
            saved_at: sql<string>`CASE WHEN excluded.saved_at > customer_models.saved_at THEN excluded.saved_at ELSE customer_models.saved_at END`,
          }),
        )
        .execute();
    // the cap, as in the browser (src/lib/account/saved-models.ts)
    const keep = trx
      .selectFrom('customer_models')
      .where('customer_id', '=', customerId)
      .select('model_id')
      .orderBy('saved_at', 'desc')
      .orderBy('model_id')
      .limit(MAX_SAVED_MODELS);
    await trx.deleteFrom('customer_models').where('customer_id', '=', customerId).where('model_id', 'not in', keep).execute();
  });
}

/** Removes one of the customer's models by slug; 404 when this customer has not saved it. */
export async function removeModel(db: Db, customerId: number, slug: string): Promise<void> {
  const model = await db.selectFrom('appliance_models').where('slug', '=', slug).select('id').executeTakeFirst();
  const r = model
    ? await db.deleteFrom('customer_models').where('customer_id', '=', customerId).where('model_id', '=', model.id).executeTakeFirst()
    : undefined;
  if (!r || Number(r.numDeletedRows) === 0) throw new NotFoundError('this appliance model is not among your saved ones');
}
