/**
 * The rendered nginx config (src/lib/deploy/nginx-config.ts, docs/product/deployment.md#the-nginx-configuration):
 * what it sends to the nodes, which requests it may retry, one server per storefront, and that nginx itself
 * accepts it (`nginx -t`, when Debian's nginx is installed: .ci/run installs it).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DOMAINS, LOCALE_CODES } from '#lib/market/locales.ts';
import { nginxQuote, renderNginxMain, renderNginxSite, type NginxSiteOptions } from '#lib/deploy/nginx-config.ts';
import { NON_HTML_CSP } from '#lib/security/security-headers.ts';

const NGINX = '/usr/sbin/nginx';
const base: NginxSiteOptions = {
  listen: 8080,
  upstreams: ['node-a:4321', 'node-b:4321'],
  domains: { ...DEFAULT_DOMAINS, sv: 'shop.example.se' },
  exportDir: '/srv/static-export',
  https: true,
};
const directives = (text: string, name: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith(`${name} `));

describe('renderNginxSite', () => {
  const site = renderNginxSite(base);

  it('overwrites X-Forwarded-For with the connecting address and passes Host, proto and a request id', () => {
    expect(directives(site, 'proxy_set_header')).toEqual(
      expect.arrayContaining([
        'proxy_set_header Host $http_host;',
        'proxy_set_header X-Forwarded-For $remote_addr;',
        'proxy_set_header X-Forwarded-Proto $scheme;',
        'proxy_set_header X-Request-Id $request_id;',
        'proxy_set_header Connection "";',
      ]),
    );
    expect(site).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('retries on another node only what was not answered, never a non-idempotent request', () => {
    const next = directives(site, 'proxy_next_upstream');
    expect(new Set(next)).toEqual(new Set(['proxy_next_upstream error timeout http_502 http_503;']));
    expect(site).not.toContain('non_idempotent');
  });

  it('one upstream of the nodes with passive health and keep-alive', () => {
    expect(directives(site, 'server').filter((l) => l.includes('max_fails'))).toEqual([
      'server node-a:4321 max_fails=2 fail_timeout=10s;',
      'server node-b:4321 max_fails=2 fail_timeout=10s;',
    ]);
    expect(directives(site, 'keepalive')).toEqual(['keepalive 32;']);
    expect(directives(site, 'proxy_http_version')).toHaveLength(LOCALE_CODES.length);
  });

  it('one server block per storefront domain on its export tree, with its own CSP map; a default server answering 421', () => {
    const names = directives(site, 'server_name');
    expect(names).toEqual(['server_name _;', ...LOCALE_CODES.map((c) => `server_name ${base.domains[c]};`)]);
    for (const c of LOCALE_CODES) {
      const d = base.domains[c];
      expect(site).toContain(`root /srv/static-export/${d};`);
      expect(site).toContain(`include /srv/static-export/${d}/nginx-csp.map;`);
      expect(site).toContain(`add_header content-security-policy $pf_csp_${d.replace(/\W/g, '_')} always;`);
    }
    expect(site).toMatch(/listen 8080 default_server;[\s\S]*return 421 '\{"error":\{"code":"misdirected_request"/);
    expect(directives(site, 'gzip_static')).toHaveLength(LOCALE_CODES.length);
  });

  it('static answers carry the nodes headers: HSTS only for https, the strict CSP on files', () => {
    expect(site).toContain('add_header strict-transport-security "max-age=31536000" always;');
    expect(site).toContain(`add_header content-security-policy ${nginxQuote(NON_HTML_CSP)} always;`);
    expect(site).toContain('add_header cache-control "public, max-age=31536000, immutable";');
    expect(renderNginxSite({ ...base, https: false })).not.toContain('strict-transport-security');
  });

  it('proxies the whole back-office host to the nodes, without static files', () => {
    expect(site).not.toContain('# back office');
    const withAdmin = renderNginxSite({ ...base, adminDomain: 'admin.example.se' });
    const block = withAdmin.slice(withAdmin.indexOf('# back office: admin.example.se'));
    expect(block).toContain('server_name admin.example.se;');
    expect(block).toContain('proxy_set_header Host $http_host;');
    expect(block).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(block).not.toContain('try_files');
    expect(block).toContain('client_max_body_size 11m;'); // the studio's image upload
    expect(() => renderNginxSite({ ...base, adminDomain: 'admin.example.se; root /' })).toThrow(/bad domain/);
  });

  it('brotli_static only when the module is there', () => {
    expect(site).not.toContain('brotli_static');
    expect(directives(renderNginxSite({ ...base, brotliStatic: true }), 'brotli_static')).toHaveLength(LOCALE_CODES.length);
  });

  it('refuses values that would change the config: bad upstreams, domains, paths and literals with $', () => {
    expect(() => renderNginxSite({ ...base, upstreams: [] })).toThrow(/no upstream/);
    expect(() => renderNginxSite({ ...base, upstreams: ['a:1; evil'] })).toThrow(/bad upstream/);
    expect(() => renderNginxSite({ ...base, domains: { ...base.domains, no: 'x.no; root /' } })).toThrow(/bad domain/);
    expect(() => renderNginxSite({ ...base, exportDir: 'relative' })).toThrow(/absolute/);
    expect(() => nginxQuote('a $b')).toThrow();
    expect(nginxQuote(`a "b" \\c`)).toBe(`"a \\"b\\" \\\\c"`);
  });
});

describe.runIf(fs.existsSync(NGINX))('nginx -t', () => {
  it('accepts the rendered main and site config', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-nginx-t-'));
    try {
      const exportDir = path.join(dir, 'export');
      for (const c of LOCALE_CODES) {
        fs.mkdirSync(path.join(exportDir, DEFAULT_DOMAINS[c]), { recursive: true });
        fs.writeFileSync(path.join(exportDir, DEFAULT_DOMAINS[c], 'nginx-csp.map'), `"/" "default-src 'self'";\n`);
      }
      const siteFile = path.join(dir, 'site.conf');
      fs.writeFileSync(
        siteFile,
        renderNginxSite({ ...base, listen: '127.0.0.1:4549', domains: DEFAULT_DOMAINS, exportDir, upstreams: ['127.0.0.1:4548'] }),
      );
      fs.writeFileSync(path.join(dir, 'nginx.conf'), renderNginxMain({ runDir: dir, siteFile }));
      const r = spawnSync(NGINX, ['-t', '-e', path.join(dir, 'error.log'), '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
        encoding: 'utf8',
      });
      expect(r.stderr).toContain('test is successful');
      expect(r.stderr).not.toMatch(/\[warn\]/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
