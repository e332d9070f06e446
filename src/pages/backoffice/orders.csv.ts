/**
 * Back office › orders as CSV (orders.read; docs/product/back-office-data.md#csv-export): every order the list's
 * filter matches, streamed in chunks from orderCsv. A bad filter answers 400 with the problems as text.
 */
import type { APIRoute } from 'astro';
import { getDb } from '#server/db/connection.ts';
import { requireStaff } from '#server/staff/staff-guard.ts';
import { orderCsv } from '#server/backoffice/order-list.ts';
import { parseOrderFilter } from '#lib/backoffice/order-filter.ts';
export const prerender = false;

export const GET: APIRoute = async (ctx) => {
  const access = await requireStaff(ctx, 'orders.read');
  if (access instanceof Response) return access;
  const parsed = parseOrderFilter(ctx.url.searchParams);
  if (!parsed.ok)
    return new Response(parsed.problems.map((p) => `${p.param}: ${p.message}`).join('\n') + '\n', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  const pieces = orderCsv(getDb(), parsed.filter);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="orders-${day}.csv"`,
    },
  });
};
