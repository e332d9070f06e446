// Astro integration: in `astro dev`, map Host + public localized path → internal page path (the same
// route table as the production server entry), and after `astro build` precompress static files.
import { resolveRequest } from '../src/lib/routing/request-mapping.ts';
import { parseDomains } from '../src/lib/market/locales.ts';
import { precompressDir } from '../src/builds/precompress.ts';
import { fileURLToPath } from 'node:url';

export default function storefronts() {
  return {
    name: 'partsfront-storefronts',
    hooks: {
      'astro:server:setup': ({ server }) => {
        const domains = parseDomains(process.env.PARTSFRONT_DOMAINS);
        server.middlewares.use((req, res, next) => {
          const url = new URL(req.url ?? '/', 'http://x');
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
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const t = Date.now();
        const n = await precompressDir(client);
        logger.info(`precompressed ${n} files (br + gzip) in ${Date.now() - t} ms`);
      },
    },
  };
}
