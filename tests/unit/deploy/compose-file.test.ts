/**
 * compose.yaml, the Dockerfile and deploy/ cannot run here (no Docker): their shape is checked instead
 * (docs/product/deployment.md#what-was-verified): services, health checks, start order, the shared volume at
 * one path, the nodes behind the proxy, the image's user and health check, and the committed example nginx
 * config being what the renderer writes.
 */
import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { renderNginxSite } from '#lib/deploy/nginx-config.ts';
import { parseDomains } from '#lib/market/locales.ts';

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
}
const compose = parse(fs.readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
const NODES = ['node-a', 'node-b'];

describe('compose.yaml', () => {
  it('PostgreSQL, the setup job, two nodes and nginx', () => {
    expect(Object.keys(services).sort()).toEqual(['nginx', 'node-a', 'node-b', 'postgres', 'setup']);
  });

  it('PostgreSQL keeps its data on a volume and has a health check the others wait for', () => {
    expect(services.postgres!.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(services.postgres!.healthcheck!.test.join(' ')).toContain('pg_isready');
    expect(services.setup!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('the setup job runs deploy/setup.sh once; the nodes start only after it succeeded, nginx only after healthy nodes', () => {
    expect(services.setup!.command).toEqual(['sh', 'deploy/setup.sh']);
    expect(services.setup!.restart).toBe('no');
    for (const n of NODES) expect(services[n]!.depends_on!.setup).toEqual({ condition: 'service_completed_successfully' });
    expect(services.nginx!.depends_on).toEqual({ 'node-a': { condition: 'service_healthy' }, 'node-b': { condition: 'service_healthy' } });
  });

  it('the nodes: one image, the database, the shared builds dir, behind the proxy, health on /healthz', () => {
    for (const n of NODES) {
      const s = services[n]!;
      expect(s.build).toBe('.');
      expect(s.environment).toMatchObject({
        PARTSFRONT_TRUST_PROXY: '1',
        PARTSFRONT_BUILDS_DIR: '/app/data/builds',
        NODE_ENV: 'production',
      });
      expect(s.environment!.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(s.environment!.PARTSFRONT_OPERATOR_TOKEN).toMatch(/^\$\{PARTSFRONT_OPERATOR_TOKEN:\?/); // required, from .env
      expect(s.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:4321/healthz');
      expect(s.ports).toBeUndefined(); // reached through nginx only
    }
    expect(services.setup!.environment!.PARTSFRONT_TRUST_PROXY).toBeUndefined();
  });

  it('one data volume at /app/data everywhere: the export links into /app/data/builds resolve in nginx too (read-only there)', () => {
    for (const n of ['setup', ...NODES]) expect(services[n]!.volumes).toEqual(['shop-data:/app/data']);
    expect(services.nginx!.volumes).toEqual(['shop-data:/app/data:ro']);
    expect(services.nginx!.command!.join(' ')).toContain('/app/data/nginx/partsfront.conf');
    expect(services.nginx!.healthcheck!.test.join(' ')).toContain('/nginx-health');
    expect(services.nginx!.ports).toEqual(['${HTTP_PORT:-8080}:80']);
  });

  it('the setup script writes what nginx reads, and the renderer default upstreams are the node services', () => {
    const setup = fs.readFileSync('deploy/setup.sh', 'utf8');
    expect(setup).toMatch(/^set -eu$/m);
    for (const step of [
      'scripts/db.mjs migrate',
      'scripts/rebuild.mjs',
      'scripts/export-static.mjs',
      'deploy/nginx/render.mjs --out "$DATA/nginx/partsfront.conf"',
    ])
      expect(setup).toContain(step);
    expect(fs.readFileSync('deploy/nginx/render.mjs', 'utf8')).toContain(`'${NODES.map((n) => `${n}:4321`).join(',')}'`);
  });
});

describe('Dockerfile', () => {
  it('multi-stage on Node 24, production dependencies, a non-root user, /healthz health check, the serve command', () => {
    expect(dockerfile.match(/^FROM node:24-bookworm-slim AS \w+$/gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^EXPOSE 4321$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    const serve = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.serve as string;
    expect(dockerfile).toContain(`CMD ${JSON.stringify(serve.split(' '))}`.replace(/","/g, '", "'));
  });

  it('.dockerignore keeps dependencies, builds and secrets out of the image', () => {
    const ignored = fs.readFileSync('.dockerignore', 'utf8').split('\n');
    for (const name of ['node_modules', 'builds', '.cache', '.env', '.git']) expect(ignored).toContain(name);
  });
});

describe('deploy/nginx/example.conf', () => {
  it('is what the renderer writes for compose (example domains, https)', () => {
    const domains = parseDomains('sv=shop.example.se,no=shop.example.no,da=shop.example.dk,fi=shop.example.fi,nl=shop.example.nl');
    const expected = renderNginxSite({
      listen: '80',
      upstreams: ['node-a:4321', 'node-b:4321'],
      domains,
      exportDir: '/app/data/static-export',
      https: true,
      forwardedProto: '$scheme',
      adminDomain: 'admin.example.se',
    });
    expect(fs.readFileSync('deploy/nginx/example.conf', 'utf8')).toBe(expected);
  });
});
