// Astro integration: in `astro dev`, map Host + public localized path → internal page path (the same
// route table as the production server entry), and after `astro build` precompress static files. During a
// build, prerendered pages append their page tags to <outDir>/page-tags.ndjson (docs/adr/0017-incremental-pages.md).
import { resolveRequest } from '../src/lib/routing/request-mapping.ts';
import { parseDomains } from '../src/lib/market/locales.ts';
import { adminDomain, isAdminHost, resolveBackofficePath } from '../src/lib/backoffice/backoffice-paths.ts';
import { precompressDir } from '../src/builds/precompress.ts';
import { buildStartSeq } from '../src/server/catalogue/change-feed.ts';
import { startPageTagIndex } from '../src/server/catalogue/page-tags.ts';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export default function storefronts() {
  let outDir = '';
  /** @type {((p: (d: import('astro').AstroPrerenderer) => import('astro').AstroPrerenderer) => void) | undefined} */
  let setPrerenderer;
  return {
    name: 'partsfront-storefronts',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': async (params) => {
        setPrerenderer = params.setPrerenderer;
        // the change-feed position the build's data is at least as new as: the index's first line
        process.env.PARTSFRONT_BUILD_CHANGE_SEQ = String(await buildStartSeq());
        process.env.PARTSFRONT_PAGE_TAGS_FILE = path.join(outDir, 'page-tags.ndjson');
      },
      'astro:server:setup': ({ server }) => {
        const domains = parseDomains(process.env.PARTSFRONT_DOMAINS);
        const admin = adminDomain(process.env);
        server.middlewares.use((req, res, next) => {
          const url = new URL(req.url ?? '/', 'http://x');
          // The back office's host: its pages under /backoffice (docs/product/back-office.md#host).
          if (isAdminHost(req.headers.host, admin)) {
            const b = resolveBackofficePath(url.pathname);
            if (b.kind === 'page') req.url = b.internalPath + url.search;
            return next();
          }
          const r = resolveRequest(req.headers.host, url.pathname, domains);
          if (r.kind === 'unknown-host') {
            // Vite's own client and module requests come on any host the browser used.
            return next();
          }
          if (r.kind === 'page') req.url = r.match.internalPath + url.search;
          else if (r.kind === 'locale-file') req.url = r.internalPath + url.search;
          else if (r.kind === 'not-found') req.url = `/${r.locale}/404${url.search}`;
          next();
        });
      },
      // How many pages the build prerenders, for the one progress line that replaces Astro's line per page
      // (src/lib/builds/build-log-filter.ts). Set only now: a prerenderer set at build start would make Astro skip
      // its default prerender entry; by astro:build:ssr the bundles are built and only the pages are left.
      'astro:build:ssr': ({ logger }) => {
        setPrerenderer?.((base) => ({
          ...base,
          getStaticPaths: async () => {
            const paths = await base.getStaticPaths();
            logger.info(`prerendering ${paths.length} pages`);
            return paths;
          },
        }));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        startPageTagIndex(); // a build without tagged pages still records its position
        const t = Date.now();
        const n = await precompressDir(client);
        logger.info(`precompressed ${n} files (br + gzip) in ${Date.now() - t} ms`);
      },
    },
  };
}
