/**
 * POST /api/auth/change-password (docs/product/api.md#change-password), logged in (cookie or Bearer):
 * { current_password | token, password } → 200 { status: "changed" }; the customer's other sessions end.
 * 401 unauthorized without a session, 401 invalid_credentials for a wrong current password (rate-limited like
 * login, per IP and per account), 401 invalid_token for a token that is not a live set-password/reset token of
 * this customer.
 */
import type { APIContext } from 'astro';
import { changePasswordRequestSchema } from '#lib/api/auth-contracts.ts';
import { InvalidCredentialsError, InvalidTokenError, UnauthorizedError } from '#lib/errors/domain-errors.ts';
import { json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { limitedEndpoint } from '#server/http/rate-limit.ts';
import { getDb } from '#server/db/connection.ts';
import { accountLimiter, failureLimiter, ipOf, throwIfOver } from '#server/auth/auth-endpoints.ts';
import { changePassword } from '#server/auth/account-links.ts';
import { accessTokenOf, resolveVisitor } from '#server/auth/visitor.ts';
import { verifyToken } from '#server/auth/tokens.ts';

export const prerender = false;
const limiter = failureLimiter('auth-change-password');

export const POST = limitedEndpoint(async (ctx: APIContext) => {
  requireStore(ctx.url);
  const ip = ipOf(ctx);
  await limiter.check(ip);
  const db = getDb();
  const visitor = await resolveVisitor(db, ctx.request, ctx.cookies);
  if (visitor.kind !== 'customer') throw new UnauthorizedError('log in to change your password');
  const body = validate(changePasswordRequestSchema, await readJsonBody(ctx.request, 4096));
  // only guesses of the current password are limited per account: a token from the customer's mailbox is not a guess
  const account = `customer:${visitor.customerId}`;
  if (body.token === undefined) await accountLimiter().check(account);
  const access = accessTokenOf(ctx.request, ctx.cookies);
  const family = access ? verifyToken(access, 'access')?.fam : undefined;
  const result = await changePassword(db, visitor.customerId, body, family);
  if (result === 'wrong_password') {
    throwIfOver(await limiter.record(ip), await accountLimiter().record(account));
    throw new InvalidCredentialsError('the current password is wrong', 'current_password');
  }
  if (result === 'invalid_token') throw new InvalidTokenError('the link is invalid, expired or already used', 'token');
  return json({ status: 'changed' });
});

export const ALL = methodNotAllowed(['POST']);
