// After a start a server loads (or builds) every storefront's search index in the background; a bench that is not
// about that waits for it: one search per storefront, then until an uncached search answers within 50 ms again.
import http from 'node:http';
import { LOCALES } from '#lib/market/locales.ts';

const search = (port, locale, query) =>
  new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/products?locale=${locale}&sid=${LOCALES[locale].storeID}&query=${query}`,
        headers: { host: `${locale}.localhost:${port}` },
      },
      (res) => res.resume().on('end', () => resolve(performance.now() - started)),
    );
    req.on('error', () => resolve(Infinity));
    req.end();
  });

export async function warmSearch(port) {
  for (const locale of Object.keys(LOCALES)) await search(port, locale, 'filter');
  for (let i = 0; i < 120; i++) {
    if ((await search(port, 'sv', `warm${i}`)) < 50) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
