// `node deploy/nginx/render.mjs --out <file> [--upstreams node-a:4321,node-b:4321] [--listen 80] [--export /app/data/static-export]`:
// writes the nginx site config (src/lib/deploy/nginx-config.ts) for the storefront domains of PARTSFRONT_DOMAINS
// and the back office's PARTSFRONT_ADMIN_DOMAIN;
// static answers get HSTS when the public scheme is https (PARTSFRONT_PUBLIC_SCHEME, siteSettings). compose's
// setup job runs it (deploy/setup.sh); docs/product/deployment.md#the-nginx-configuration.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderNginxSite } from '#lib/deploy/nginx-config.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { adminDomain } from '#lib/backoffice/backoffice-paths.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    upstreams: { type: 'string', default: process.env.PARTSFRONT_NGINX_UPSTREAMS ?? 'node-a:4321,node-b:4321' },
    listen: { type: 'string', default: '80' },
    export: { type: 'string', default: '/app/data/static-export' },
    brotli: { type: 'boolean', default: false },
    // TLS ends at a load balancer in front of nginx (it talks plain HTTP to nginx): tell the nodes https.
    'tls-before': { type: 'boolean', default: process.env.PARTSFRONT_TLS_BEFORE_NGINX === '1' },
  },
});
const { domains, origins } = siteSettings();
const text = renderNginxSite({
  listen: values.listen,
  upstreams: values.upstreams.split(',').map((s) => s.trim()),
  domains,
  exportDir: path.resolve(values.export),
  https: origins.sv.startsWith('https:'),
  brotliStatic: values.brotli,
  forwardedProto: values['tls-before'] ? 'https' : '$scheme',
  adminDomain: adminDomain(process.env),
});
if (!values.out) process.stdout.write(text);
else {
  fs.mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
  fs.writeFileSync(values.out, text);
  console.log(`nginx site config for ${Object.values(domains).join(', ')} → ${values.out}`);
}
