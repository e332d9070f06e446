/**
 * Request chain (small middlewares composed with sequence(), as in bigcommerce/catalyst):
 * 1. storefront: which locale this request belongs to (internal path prefix /{locale}/…);
 * 2. errorBoundary: a thrown error becomes the error page, or a JSON error under /api/* (src/lib/route-errors.ts).
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { isLocaleCode } from '#lib/market/locales.ts';
import { errorResponse } from '#lib/routing/route-errors.ts';

const storefront = defineMiddleware((context, next) => {
  const first = context.url.pathname.split('/')[1];
  if (isLocaleCode(first)) context.locals.locale = first;
  return next();
});

const errorBoundary = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    console.error(`${context.request.method} ${context.url.pathname} failed:`, error);
    return errorResponse(error, context.url.pathname, context.locals.locale);
  }
});

export const onRequest = sequence(storefront, errorBoundary);
