/**
 * Who is asking on an account or guest order page (docs/product/account-pages.md#access): the one place the
 * pages read the visitor, so they all follow the auth cookies the same way.
 */
import type { AstroCookies } from 'astro';
import type { Db } from '#server/db/connection.ts';
import { resolveVisitor } from '#server/auth/visitor.ts';
import { readProfile, type CustomerProfile } from './customer-profile.ts';

export type PageVisitor =
  { kind: 'customer'; customerId: number; profile: CustomerProfile } | { kind: 'guest'; orderId: string } | { kind: 'anonymous' };

/**
 * The visitor of a page request (refreshing the session cookies when only the refresh cookie is left); a
 * customer whose account no longer exists counts as anonymous.
 */
export async function pageVisitor(db: Db, request: Request, cookies: AstroCookies): Promise<PageVisitor> {
  const v = await resolveVisitor(db, request, cookies);
  if (v.kind !== 'customer') return v;
  const profile = await readProfile(db, v.customerId);
  return profile ? { kind: 'customer', customerId: v.customerId, profile } : { kind: 'anonymous' };
}
