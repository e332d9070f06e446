// `npm run export-static [-- --out static-export] [--build <dir>]`: the served build's static pages per domain under
// their public, localized addresses, as symbolic links into the build, with `_headers` and `nginx-csp.map` per
// domain (docs/product/performance.md#static-export). Run it again after a deploy (a new build).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exportStatic } from '#builds/static-export.ts';
import { currentBuildDir } from '#builds/build-dir.ts';
import { siteSettings } from '#server/market/site-settings.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, build: { type: 'string' } } });
const build = path.resolve(values.build ?? currentBuildDir());
const out = path.resolve(values.out ?? 'static-export');
const { domains, origins } = siteSettings();
const result = exportStatic(build, out, domains, origins.sv.startsWith('https:'));
for (const [domain, { pages, dir }] of Object.entries(result.domains)) console.log(`${domain}: ${pages} pages in ${dir}`);
