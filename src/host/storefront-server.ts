/**
 * The production HTTP entry (docs/adr/0001-host-routing-and-internal-pages.md): Host + public localized path →
 * internal page via the route table; prerendered pages and assets straight from disk (precompressed);
 * on-demand pages, /api/* and /captuerr through Astro's handler. An unknown host gets 421, never
 * another storefront's page. The current build can be switched atomically (rebuilds).
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { resolveRequest } from '#lib/routing/request-mapping.ts';
import { checkRequestPath } from '#lib/routing/request-path.ts';
import { isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';
import { applyConnectionCap, serverLimitsFromEnv, serverOptions } from './server-limits.ts';
import { fileExists, resolveInside, sendFile, sendPage, type RenderedPage } from './static-files.ts';
import { errorBody, type ApiErrorCode } from '#lib/api/errors.ts';
import { applySecurityHeaders } from './security-headers.ts';
import { framedByBackoffice } from '#lib/security/security-headers.ts';
import { loadBuild, type Build } from '#builds/loaded-build.ts';
import { chooseRequestId } from '#lib/telemetry/request-id.ts';
import { routeLabel, type HostRoute } from '#lib/telemetry/route-label.ts';
import type { Resolution } from '#lib/routing/request-mapping.ts';
import { loggerFor, withRequestContext } from '#server/telemetry/logger.ts';
import { metrics, metricsText, secondsSince } from '#server/telemetry/metrics.ts';
import { isAuthorized } from '#server/security/admin-auth.ts';
import { logAccess, type Served } from './access-log.ts';
import { readiness } from './readiness.ts';
import { largeBodyLimit, readLargeBody } from './upload-body.ts';
import { adminDomain, backofficeLabel, isAdminHost, resolveBackofficePath } from '#lib/backoffice/backoffice-paths.ts';
import { pathFor } from '#lib/routing/routes.ts';

const log = loggerFor('host');

/** Callers of the API, /captuerr and the admin routes get the one JSON error body; browsers a plain text. */
const wantsJson = (req: IncomingMessage) => /^\/(?:api|admin)\/|^\/captuerr(?:[/?%]|$)/.test(req.url ?? '');
/** The passthrough paths Astro answers (the studio's images too); every other passthrough path (build assets) is a file or a 404. */
const forAstro = (pathname: string) => /^\/(?:api|admin|media)\/|^\/api$|^\/captuerr$/.test(pathname);

function fail(req: IncomingMessage, res: ServerResponse, status: number, code: ApiErrorCode, text: string): void {
  const json = wantsJson(req);
  res.writeHead(status, {
    'content-type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(json ? JSON.stringify(errorBody(code, text)) : text);
}

/** A failure after the answer was handed to a promise: logged with the request id, a 500 if nothing was sent yet. */
function answerFailure(req: IncomingMessage, res: ServerResponse, err: unknown, what: string): void {
  log.error({ err }, what);
  if (!res.headersSent) fail(req, res, 500, 'internal_error', 'Internal server error');
  else res.destroy();
}

function notFound(req: IncomingMessage, res: ServerResponse, build: Build, locale: LocaleCode): void {
  const page = path.join(build.clientDir, locale, '404', 'index.html');
  if (fileExists(page)) sendFile(req, res, page, 404);
  else fail(req, res, 404, 'not_found', 'This page could not be found');
}

/** Renders a prerenderable page the build does not hold yet (kept into it meanwhile); null when there is no such page (docs/adr/0017-incremental-pages.md). */
export type Materialize = (build: Build, internalPath: string) => Promise<RenderedPage | null>;
/** Routes whose pages a build may leave out and render on their first request (PARTSFRONT_PRERENDER_PRODUCTS, _MODELS). */
const MATERIALIZED_ROUTES = new Set(['product', 'model-slug']);

export interface StorefrontServerOptions {
  materialize?: Materialize;
  /** The database check of /readyz (a `SELECT 1` with a short timeout); without it /readyz checks the build only. */
  checkDatabase?: () => Promise<void>;
  /** Bearer token that opens /metrics on the public port (docs/product/logs-and-metrics.md#metrics); none: 404. */
  metricsToken?: string;
  /** Believe the proxy's X-Request-Id (PARTSFRONT_TRUST_PROXY=1, src/server/http/trusted-proxy.ts). */
  trustProxy?: boolean;
  /** The back office's domain (PARTSFRONT_ADMIN_DOMAIN, docs/product/back-office.md#host). */
  adminDomain?: string;
  /** The new slug of a moved content page (src/server/content/redirects.ts, cached briefly); undefined: none. */
  contentRedirect?: ContentRedirect;
  /**
   * The successor's slug of a product replaced and no longer sold (src/server/catalogue/part-numbers.ts, cached
   * briefly; docs/product/parts-finder.md#part-numbers); undefined: none.
   */
  productRedirect?: ContentRedirect;
}

/** Where a content address that is no page now leads (its page moved); undefined when nowhere. */
export type ContentRedirect = (locale: LocaleCode, slug: string) => Promise<string | undefined>;
/** A moved page's old address: permanent, but cached for an hour only, so a slug used again is reachable soon. */
const REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

export function createStorefrontServer(initial: Build, domains: Record<LocaleCode, string>, opts: StorefrontServerOptions = {}) {
  let build = initial;
  const metricsToken = opts.metricsToken ?? process.env.PARTSFRONT_METRICS_TOKEN;
  const trustProxy = opts.trustProxy ?? process.env.PARTSFRONT_TRUST_PROXY === '1';
  const admin = opts.adminDomain ?? adminDomain(process.env);

  /** The admin host: its pages under /backoffice, the shared build assets, nothing of a storefront. */
  const backoffice = (req: IncomingMessage, res: ServerResponse, served: Served, url: URL, current: Build) => {
    served.route = backofficeLabel(url.pathname);
    const missing = () => {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('This page could not be found');
    };
    const r = resolveBackofficePath(url.pathname);
    if (r.kind === 'asset') {
      served.route = 'asset';
      const file = resolveInside(current.clientDir, url.pathname);
      const shared = file !== undefined && !isLocaleCode(path.relative(current.clientDir, file).split(path.sep)[0]);
      if ((req.method === 'GET' || req.method === 'HEAD') && shared && fileExists(file)) return sendFile(req, res, file);
      return missing();
    }
    req.url = r.internalPath + url.search;
    req.headers['x-partsfront-public-path'] = url.pathname;
    const limit = largeBodyLimit(req.method, r.internalPath); // the studio's image upload (src/host/upload-body.ts)
    if (limit !== undefined) return readLargeBody(req, res, limit, () => void current.handler(req, res, missing));
    return void current.handler(req, res, missing);
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse, served: Served) => {
    const current = build; // one build for the whole request, even if a switch happens meanwhile
    const url = new URL(req.url ?? '/', 'http://internal');
    const routed = (r: HostRoute | Resolution) => {
      served.route = routeLabel(r, url.pathname);
      if (typeof r !== 'string' && r.kind !== 'unknown-host') served.locale = r.locale;
    };
    if (url.pathname === '/healthz') {
      routed('healthz');
      return sendJson(res, 200, { ok: true, build: path.basename(current.dir) });
    }
    if (url.pathname === '/readyz') {
      routed('readyz');
      readiness(current, opts.checkDatabase).then(
        ({ status, body }) => sendJson(res, status, body),
        (err: unknown) => answerFailure(req, res, err, 'readiness check failed'),
      );
      return;
    }
    // Only with the token; anyone else gets what an unknown page gets (docs/product/logs-and-metrics.md#metrics).
    if (url.pathname === '/metrics' && isAuthorized(req.headers.authorization, metricsToken)) {
      routed('metrics');
      metricsText().then(
        ({ body, contentType }) => {
          res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
          res.end(body);
        },
        (err: unknown) => answerFailure(req, res, err, 'metrics collection failed'),
      );
      return;
    }
    // Malformed or traversing paths (docs/adr/0001-host-routing-and-internal-pages.md#paths): a quiet 400, never routed.
    if (!checkRequestPath(url.pathname).ok) {
      routed('bad-path');
      return fail(req, res, 400, 'invalid_request', 'Bad request: malformed or unsafe URL path');
    }
    if (isAdminHost(req.headers.host, admin)) return backoffice(req, res, served, url, current);
    const r = resolveRequest(req.headers.host, url.pathname, domains);
    routed(r);
    if (r.kind === 'unknown-host')
      return fail(
        req,
        res,
        421,
        'misdirected_request',
        `Misdirected request: ${String(req.headers.host ?? '(no host)')} is not a storefront of this server`,
      );

    if (r.kind === 'passthrough') {
      const file = resolveInside(current.clientDir, url.pathname);
      // Shared assets only: a storefront's own directory is never reached through an asset path.
      const shared = file !== undefined && !isLocaleCode(path.relative(current.clientDir, file).split(path.sep)[0]);
      if ((req.method === 'GET' || req.method === 'HEAD') && shared && fileExists(file)) return sendFile(req, res, file);
      if (!forAstro(url.pathname)) return notFound(req, res, current, r.locale);
      return void current.handler(req, res, () => notFound(req, res, current, r.locale));
    }
    if (r.kind === 'not-found') return notFound(req, res, current, r.locale);
    if (r.kind === 'locale-file') {
      const file = resolveInside(current.clientDir, r.internalPath, path.join(current.clientDir, r.locale));
      if ((req.method === 'GET' || req.method === 'HEAD') && fileExists(file)) return sendFile(req, res, file);
      return notFound(req, res, current, r.locale);
    }

    const { match } = r;
    // the studio frames the preview (framingPolicy); its CSP names the back office, so the DENY header goes
    if (framedByBackoffice(match.name)) res.removeHeader('x-frame-options');
    if (match.mode === 'static') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return fail(req, res, 405, 'method_not_allowed', 'Method not allowed');
      const file = resolveInside(
        current.clientDir,
        path.posix.join(match.internalPath, 'index.html'),
        path.join(current.clientDir, r.locale),
      );
      if (fileExists(file)) return sendFile(req, res, file, 200, () => notFound(req, res, current, r.locale));
      const slug = match.params.all;
      if (file && match.name === 'content' && slug && opts.contentRedirect) {
        opts.contentRedirect(r.locale, slug).then(
          (to) => {
            if (to === undefined) return notFound(req, res, current, r.locale);
            res.writeHead(301, {
              location: pathFor('content', r.locale, { all: to }) + url.search,
              'cache-control': REDIRECT_CACHE_CONTROL,
            });
            res.end();
          },
          (err: unknown) => {
            log.error({ err, slug }, 'content redirects unreadable; answered as not found');
            notFound(req, res, current, r.locale);
          },
        );
        return;
      }
      const materialize = () => {
        if (!(file && opts.materialize && MATERIALIZED_ROUTES.has(match.name))) return notFound(req, res, current, r.locale);
        const started = performance.now();
        opts.materialize(current, match.internalPath).then(
          (made) => {
            if (made) metrics.pagesRendered.inc({ reason: 'first-request', result: 'ok' });
            metrics.firstRenderDuration.observe({ result: 'ok' }, secondsSince(started));
            // from memory: its files are being written meanwhile (src/builds/build-pages.ts)
            return made ? sendPage(req, res, file, made) : notFound(req, res, current, r.locale);
          },
          (err: unknown) => {
            metrics.pagesRendered.inc({ reason: 'first-request', result: 'failed' });
            metrics.firstRenderDuration.observe({ result: 'failed' }, secondsSince(started));
            log.error({ err, page: match.internalPath }, 'rendering a page on its first request failed');
            if (!res.headersSent) fail(req, res, 503, 'service_unavailable', 'This page is not available right now; try again');
          },
        );
      };
      const productSlug = match.params.slug;
      // a product replaced and no longer sold has no page: its address leads to the part sold now
      if (file && match.name === 'product' && productSlug && opts.productRedirect) {
        opts.productRedirect(r.locale, productSlug).then(
          (to) => {
            if (to === undefined) return materialize();
            res.writeHead(301, {
              location: pathFor('product', r.locale, { slug: to }) + url.search,
              'cache-control': REDIRECT_CACHE_CONTROL,
            });
            res.end();
          },
          (err: unknown) => {
            log.error({ err, slug: productSlug }, 'product successors unreadable; the page is looked up as usual');
            materialize();
          },
        );
        return;
      }
      return materialize();
    }
    req.url = match.internalPath + url.search;
    req.headers['x-partsfront-public-path'] = url.pathname;
    return void current.handler(req, res, () => notFound(req, res, current, r.locale));
  };

  const limits = serverLimitsFromEnv();
  const server = http.createServer(serverOptions(limits), (req, res) => {
    // docs/product/logs-and-metrics.md#request-ids: on every answer and every line logged while serving it
    const requestId = chooseRequestId(req.headers['x-request-id'], trustProxy, randomUUID);
    res.setHeader('x-request-id', requestId);
    applySecurityHeaders(req, res); // every answer: docs/product/security.md
    const served: Served = { requestId, route: 'unrouted', started: performance.now() };
    res.once('close', () => logAccess(req, res, served));
    withRequestContext({ requestId }, () => {
      try {
        onRequest(req, res, served);
      } catch (err) {
        answerFailure(req, res, err, 'request failed');
      }
    });
  });
  applyConnectionCap(server, limits); // slow clients and connection floods: src/host/server-limits.ts

  return {
    server,
    get build() {
      return build;
    },
    /** Atomically serve another build from now on (new requests); in-flight requests finish on the old one. */
    async switchTo(dir: string): Promise<Build> {
      const next = await loadBuild(dir);
      build = next;
      return next;
    },
  };
}
