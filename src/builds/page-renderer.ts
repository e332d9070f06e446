/**
 * Renders one page of the served build on demand (docs/adr/0017-incremental-pages.md#decision): the build's own
 * request handler behind a private loopback listener (127.0.0.1, random port), asked for the render twin of a
 * prerendered page (`/<locale>/product/x` → `/<locale>/render/product/x`) with this process's render secret and the
 * storefront's Host. Same build, same assets, same markup as the prerendered file.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RENDER_SECRET_HEADER, renderSecret } from '#server/catalogue/render-secret.ts';
import { PAGE_TAGS_HEADER } from '#server/catalogue/page-tags.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => unknown;

export interface RenderedPage {
  status: number;
  html: string;
  tags: string[];
}

export interface PageRenderer {
  render(internalPath: string): Promise<RenderedPage>;
  close(): Promise<void>;
}

/** `/sv/product/x` → `/sv/render/product/x`: the on-demand twin of a prerendered page. */
export const renderPathOf = (internalPath: string): string => internalPath.replace(/^\/([a-z]{2})\//, '/$1/render/');

export async function startPageRenderer(handler: Handler, domains: Record<LocaleCode, string>, timeoutMs = 15_000): Promise<PageRenderer> {
  const server = http.createServer((req, res) => void handler(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const secret = renderSecret();
  return {
    render(internalPath) {
      const locale = internalPath.split('/')[1] as LocaleCode;
      return new Promise((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: encodeURI(renderPathOf(internalPath)),
            headers: { host: domains[locale] ?? '127.0.0.1', [RENDER_SECRET_HEADER]: secret, 'accept-encoding': 'identity' },
            timeout: timeoutMs,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('error', reject);
            res.on('end', () => {
              const tags = String(res.headers[PAGE_TAGS_HEADER] ?? '');
              resolve({ status: res.statusCode ?? 0, html: Buffer.concat(chunks).toString('utf8'), tags: tags ? tags.split(',') : [] });
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error(`rendering ${internalPath} timed out`)));
        req.on('error', reject);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
