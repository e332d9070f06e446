/** Who may use the subscription endpoints: a logged-in customer (docs/product/subscriptions.md#actions). */
import type { AstroCookies } from 'astro';
import type { Db } from '#server/db/connection.ts';
import { resolveVisitor } from '#server/auth/visitor.ts';
import { UnauthorizedError } from '#lib/errors/domain-errors.ts';
import { ownerOf, type SubscriptionOwner } from './customer-subscriptions.ts';

export async function requireSubscriber(db: Db, request: Request, cookies: AstroCookies): Promise<SubscriptionOwner> {
  const visitor = await resolveVisitor(db, request, cookies);
  const owner = visitor.kind === 'customer' ? await ownerOf(db, visitor.customerId) : undefined;
  if (!owner) throw new UnauthorizedError('log in to see your subscriptions');
  return owner;
}

/** Subscription ids are UUIDs (create-subscriptions.ts): anything else names none. */
export const isSubscriptionId = (v: string | undefined): v is string =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
