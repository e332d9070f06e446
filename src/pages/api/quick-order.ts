/**
 * POST /api/quick-order (docs/product/api.md#quick-order): a logged-in customer's pasted lines or uploaded CSV/XLSX
 * → { resolved, unresolved, problems, truncated }. Resolving only: the page adds the resolved lines to the cart.
 */
import type { APIRoute } from 'astro';
import { quickOrderRequestSchema, QUICK_ORDER_MAX_TEXT, QUICK_ORDER_MAX_FILE_BYTES } from '#lib/api/quick-order-contracts.ts';
import { UnauthorizedError } from '#lib/errors/domain-errors.ts';
import { orderLines, orderLinesOfText } from '#lib/quick-order/order-lines.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { resolveVisitor } from '#server/auth/visitor.ts';
import { rowsOfFile } from '#server/quick-order/order-file.ts';
import { resolveOrderLines } from '#server/quick-order/resolve-order-lines.ts';
import { requestCartContext } from '#server/checkout/request-cart-context.ts';

export const prerender = false;

const MAX_BODY = Math.ceil((QUICK_ORDER_MAX_FILE_BYTES * 4) / 3) + QUICK_ORDER_MAX_TEXT;

export const POST: APIRoute = endpoint(async ({ request, url, cookies }) => {
  const { locale } = requireStore(url);
  const db = getDb();
  const visitor = await resolveVisitor(db, request, cookies);
  if (visitor.kind !== 'customer') throw new UnauthorizedError('log in to use quick order');
  const body = validate(quickOrderRequestSchema, await readJsonBody(request, MAX_BODY));
  const parsed =
    'text' in body ? orderLinesOfText(body.text) : orderLines(await rowsOfFile(body.file.name, Buffer.from(body.file.data, 'base64')));
  const { resolved, unresolved } = await resolveOrderLines(db, locale, parsed.lines, await requestCartContext(db, request.headers));
  return json({ resolved, unresolved, problems: parsed.problems, truncated: parsed.truncated });
});

export const ALL = methodNotAllowed(['POST']);
