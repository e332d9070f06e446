/**
 * The nginx configuration in front of the nodes (docs/product/deployment.md#the-nginx-configuration, ADR
 * docs/adr/0020-nginx-in-front.md): one server block per storefront domain serving that domain's static export
 * (docs/product/performance.md#static-export) with the nodes' headers, everything else proxied to the nodes.
 * Pure strings: compose (deploy/nginx/render.mjs) and the no-Docker topology (tests/support/local-topology.ts)
 * render the same text.
 */
import { CACHE_CONTROL } from '#lib/routing/cache-control.ts';
import { commonSecurityHeaders, NON_HTML_CSP } from '#lib/security/security-headers.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { MEDIA_UPLOAD_BODY_LIMIT } from '#lib/content/media-rules.ts';

export interface NginxSiteOptions {
  /** What each server block listens on: a port or address:port. */
  listen: number | string;
  /** The nodes, host:port each. */
  upstreams: readonly string[];
  /** Storefront domain per locale (PARTSFRONT_DOMAINS). */
  domains: Record<LocaleCode, string>;
  /** The static export's root: <exportDir>/<domain>/… and <exportDir>/<domain>/nginx-csp.map. */
  exportDir: string;
  /** Public scheme is https (TLS ends before or at nginx): static answers carry HSTS as the nodes' do. */
  https: boolean;
  /** Only when nginx has ngx_http_brotli_static_module (Debian's package does not): serve the .br twins. */
  brotliStatic?: boolean;
  /** Passive health: failures within failTimeoutSeconds that take a node out for failTimeoutSeconds. */
  maxFails?: number;
  failTimeoutSeconds?: number;
  /**
   * X-Forwarded-Proto for the nodes: $scheme when TLS ends at this nginx (or there is none), "https" when a load
   * balancer in front ends TLS and talks plain HTTP to nginx.
   */
  forwardedProto?: '$scheme' | 'https';
  /** Idle keep-alive connections to the nodes each worker keeps. */
  keepalive?: number;
  /** The back office's domain (PARTSFRONT_ADMIN_DOMAIN, docs/product/back-office.md#host): all of it proxied. */
  adminDomain?: string;
}

export const NGINX_UPSTREAM = 'partsfront_nodes';

/** A double-quoted nginx string; `$` would start a variable, so a literal value must not hold one. */
export function nginxQuote(value: string): string {
  if (value.includes('$')) throw new Error(`nginx literal with "$": ${value}`);
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A page's cache rule by the request's Sec-Purpose, as the nodes choose it (pageCacheControl). */
const PAGE_CACHE_VARIABLE = '$pf_page_cache';

/** The nodes' headers for a static answer: common security headers, `csp` (a literal or a variable) and cache rule. */
/** `cacheControl` is a literal, or the page rule's variable. */
function headerLines(https: boolean, csp: string, cacheControl: string, indent: string): string[] {
  const common = Object.entries(commonSecurityHeaders(https)).filter(([name]) => name !== 'content-security-policy');
  return [
    ...common.map(([name, value]) => `${indent}add_header ${name} ${nginxQuote(value)} always;`),
    `${indent}add_header content-security-policy ${csp} always;`,
    `${indent}add_header cache-control ${cacheControl === PAGE_CACHE_VARIABLE ? cacheControl : nginxQuote(cacheControl)};`,
  ];
}

const domainKey = (domain: string) => domain.replace(/[^A-Za-z0-9]/g, '_');

function checkOptions(o: NginxSiteOptions): void {
  if (o.upstreams.length === 0) throw new Error('nginx config: no upstream node');
  for (const u of o.upstreams) if (!/^[A-Za-z0-9.[\]:_-]+:\d+$/.test(u)) throw new Error(`nginx config: bad upstream ${u}`);
  for (const d of Object.values(o.domains)) if (!/^[a-z0-9.-]+$/.test(d)) throw new Error(`nginx config: bad domain ${d}`);
  if (!/^\/[^\s;{}"'$]*$/.test(o.exportDir)) throw new Error(`nginx config: export dir must be an absolute plain path: ${o.exportDir}`);
  if (o.adminDomain !== undefined && !/^[a-z0-9.-]+$/.test(o.adminDomain)) throw new Error(`nginx config: bad domain ${o.adminDomain}`);
  if (!/^[A-Za-z0-9.[\]:]+$/.test(String(o.listen))) throw new Error(`nginx config: bad listen ${String(o.listen)}`);
}

/** The proxy settings every server block shares (inherited by its proxying locations). */
function proxyLines(indent: string, proto: string): string[] {
  return [
    // Host unchanged: the nodes route by it (docs/adr/0001-host-routing-and-internal-pages.md) and answer 421 otherwise.
    `proxy_set_header Host $http_host;`,
    // Overwritten, never appended: a client's own X-Forwarded-For never reaches the nodes' per-IP limits.
    `proxy_set_header X-Forwarded-For $remote_addr;`,
    `proxy_set_header X-Forwarded-Proto ${proto};`,
    `proxy_set_header X-Request-Id $request_id;`,
    // HTTP/1.1 with an empty Connection header: keep-alive to the upstream.
    `proxy_http_version 1.1;`,
    `proxy_set_header Connection "";`,
    // Another node only when nothing was answered; without non_idempotent nginx never re-sends a POST/PATCH it
    // already sent, so an order is never placed twice by the proxy (docs/adr/0020-nginx-in-front.md).
    `proxy_next_upstream error timeout http_502 http_503;`,
    `proxy_next_upstream_tries 2;`,
    `proxy_connect_timeout 2s;`,
    `proxy_read_timeout 60s;`,
    // The nodes stream pages and JSON; buffering lets a slow client not hold a node's connection.
    `proxy_buffering on;`,
  ].map((l) => indent + l);
}

function storefrontServer(o: NginxSiteOptions, locale: LocaleCode): string[] {
  const domain = o.domains[locale];
  const root = `${o.exportDir}/${domain}`;
  const i2 = '    ';
  const pass = `${i2}proxy_pass http://${NGINX_UPSTREAM};`;
  return [
    `# ${locale}: ${domain}`,
    `server {`,
    `  listen ${o.listen};`,
    `  server_name ${domain};`,
    `  root ${root};`,
    `  gzip_static on;`,
    ...(o.brotliStatic ? [`  brotli_static on;`] : []),
    `  gzip_vary on;`,
    `  etag on;`,
    ...proxyLines('  ', o.forwardedProto ?? '$scheme'),
    ``,
    `  # Pages of the export (links into the served build, so a re-rendered page is served new at once); a page`,
    `  # it does not hold (on-demand pages, pages added since the export) goes to the nodes.`,
    `  location / {`,
    // try_files turns $uri into …/index.html: the CSP map is keyed by the page path as asked (no regex per request)
    `    set $pf_page_path $uri;`,
    `    try_files $uri/index.html @nodes;`,
    // A POST to a page path (a form): the node answers it, as nginx's static module would refuse it with 405.
    `    error_page 405 = @nodes;`,
    ...headerLines(o.https, `$pf_csp_${domainKey(domain)}`, PAGE_CACHE_VARIABLE, i2),
    `  }`,
    // Before the file rule (the first matching regex wins): the export's own files and a page's index.html are
    // no public address (the nodes answer 404), and a path with a trailing slash is the node's to answer — the
    // CSP map knows each page by its path without one.
    `  location ~ "^/(_headers|nginx-csp\\.map|404\\.html)$|/index\\.html(\\.gz|\\.br)?$|./$" {`,
    pass,
    `  }`,
    `  location ^~ /_astro/ {`,
    `    try_files $uri @nodes;`,
    ...headerLines(o.https, nginxQuote(NON_HTML_CSP), CACHE_CONTROL.immutable, i2),
    `  }`,
    `  # Shared assets, robots.txt, sitemap.xml (a file name with an extension).`,
    `  location ~ "\\.[A-Za-z0-9]+$" {`,
    `    try_files $uri @nodes;`,
    `    error_page 405 = @nodes;`,
    ...headerLines(o.https, nginxQuote(NON_HTML_CSP), CACHE_CONTROL.file, i2),
    `  }`,
    `  location ^~ /api/ {`,
    pass,
    `  }`,
    `  location ^~ /admin/ {`,
    pass,
    `  }`,
    `  location @nodes {`,
    pass,
    `  }`,
    `}`,
  ];
}

/** The back office: nothing static, never cached by nginx; every request to the nodes (docs/product/back-office.md#host). */
function backofficeServer(o: NginxSiteOptions, domain: string): string[] {
  return [
    `# back office: ${domain}`,
    `server {`,
    `  listen ${o.listen};`,
    `  server_name ${domain};`,
    ...proxyLines('  ', o.forwardedProto ?? '$scheme'),
    `  # the studio's image upload takes up to 10 MB (docs/product/content-studio.md#images); nginx's default is 1 MB`,
    `  client_max_body_size ${Math.ceil(MEDIA_UPLOAD_BODY_LIMIT / 1024 / 1024)}m;`,
    `  location / {`,
    `    proxy_pass http://${NGINX_UPSTREAM};`,
    `  }`,
    `}`,
  ];
}

/**
 * The http-context part: upstream, the CSP maps and the server blocks (conf.d/partsfront.conf in the nginx
 * image; included by the standalone nginx.conf of the local topology).
 */
export function renderNginxSite(o: NginxSiteOptions): string {
  checkOptions(o);
  const maxFails = o.maxFails ?? 2;
  const failTimeout = o.failTimeoutSeconds ?? 10;
  const lines: string[] = [
    `# Rendered by src/lib/deploy/nginx-config.ts (docs/product/deployment.md): do not edit, render again.`,
    `upstream ${NGINX_UPSTREAM} {`,
    ...o.upstreams.map((u) => `  server ${u} max_fails=${maxFails} fail_timeout=${failTimeout}s;`),
    `  keepalive ${o.keepalive ?? 32};`,
    `}`,
    ``,
    // As the nodes label their text answers (src/host/static-files.ts).
    `charset utf-8;`,
    `charset_types text/css text/javascript text/plain application/xml;`,
    // Map keys are page paths (up to ~200 bytes) and a domain has one per prerendered page: room for both.
    `map_hash_bucket_size 256;`,
    `map_hash_max_size 1048576;`,
    // A page fetched ahead on hover stays fresh for the click that follows (docs/adr/0028-client-navigation.md).
    `map $http_sec_purpose ${PAGE_CACHE_VARIABLE} {`,
    `  default ${nginxQuote(CACHE_CONTROL.page)};`,
    `  ~prefetch ${nginxQuote(CACHE_CONTROL.prefetchedPage)};`,
    `}`,
  ];
  for (const locale of LOCALE_CODES) {
    const domain = o.domains[locale];
    lines.push(
      `map $pf_page_path $pf_csp_${domainKey(domain)} {`,
      // A page the map does not know runs no inline script: the strict policy, never none.
      `  default ${nginxQuote(NON_HTML_CSP)};`,
      `  include ${o.exportDir}/${domain}/nginx-csp.map;`,
      `}`,
    );
  }
  lines.push(
    ``,
    `# A host that is no storefront gets nothing of any storefront: 421, as the nodes answer it.`,
    `server {`,
    `  listen ${o.listen} default_server;`,
    `  server_name _;`,
    `  location = /nginx-health {`,
    `    access_log off;`,
    `    default_type text/plain;`,
    `    return 200 "ok\\n";`,
    `  }`,
    `  location / {`,
    `    default_type "application/json; charset=utf-8";`,
    `    add_header cache-control "no-store" always;`,
    `    add_header x-content-type-options "nosniff" always;`,
    `    return 421 '{"error":{"code":"misdirected_request","message":"Misdirected request: this host is not a storefront of this server"}}';`,
    `  }`,
    `}`,
    ``,
  );
  for (const locale of LOCALE_CODES) lines.push(...storefrontServer(o, locale), ``);
  if (o.adminDomain) lines.push(...backofficeServer(o, o.adminDomain), ``);
  return lines.join('\n');
}

/** Types as the nodes send them (src/host/static-files.ts). */
export const NGINX_TYPES: Record<string, string> = {
  'text/html': 'html',
  'text/javascript': 'js mjs',
  'text/css': 'css',
  'image/svg+xml': 'svg',
  'application/json': 'json',
  'application/xml': 'xml',
  'text/plain': 'txt',
  'image/png': 'png',
  'image/jpeg': 'jpg jpeg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/x-icon': 'ico',
  'font/woff2': 'woff2',
  'application/manifest+json': 'webmanifest',
};

export interface NginxMainOptions {
  /** Directory for pid, logs and temp files (the local topology's temp dir; /var/… in the image). */
  runDir: string;
  /** The rendered site file (renderNginxSite) to include. */
  siteFile: string;
  workerProcesses?: number | 'auto';
  /** Stay in the foreground (a supervised child process). */
  foreground?: boolean;
  /** `user` directive: only meaningful when the master runs as root. */
  user?: string;
  /** Load the brotli static module from this .so (when brotliStatic is on). */
  brotliModule?: string;
}

/** A whole nginx.conf for an unprivileged nginx with everything it writes under runDir. */
export function renderNginxMain(o: NginxMainOptions): string {
  const run = o.runDir;
  return [
    `# Rendered by src/lib/deploy/nginx-config.ts (docs/product/deployment.md).`,
    ...(o.brotliModule ? [`load_module ${o.brotliModule};`] : []),
    ...(o.user ? [`user ${o.user};`] : []),
    `worker_processes ${o.workerProcesses ?? 1};`,
    `pcre_jit on;`,
    ...(o.foreground ? [`daemon off;`] : []),
    `pid ${run}/nginx.pid;`,
    `error_log ${run}/error.log warn;`,
    `events { worker_connections 1024; }`,
    `http {`,
    `  types {`,
    ...Object.entries(NGINX_TYPES).map(([type, ext]) => `    ${type} ${ext};`),
    `  }`,
    `  default_type application/octet-stream;`,
    `  sendfile on;`,
    `  tcp_nopush on;`,
    `  server_tokens off;`,
    `  keepalive_timeout 65s;`,
    `  log_format pf '$remote_addr "$request" $status $body_bytes_sent $request_time "$upstream_addr" $request_id';`,
    `  access_log ${run}/access.log pf;`,
    `  client_body_temp_path ${run}/client_body;`,
    `  proxy_temp_path ${run}/proxy;`,
    `  fastcgi_temp_path ${run}/fastcgi;`,
    `  uwsgi_temp_path ${run}/uwsgi;`,
    `  scgi_temp_path ${run}/scgi;`,
    `  include ${o.siteFile};`,
    `}`,
    ``,
  ].join('\n');
}
