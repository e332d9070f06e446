// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import storefronts from './integrations/storefronts.mjs';

export default defineConfig({
  // Pages are prerendered unless they say `export const prerender = false` (checkout, account, API …).
  output: 'static',
  adapter: node({ mode: 'middleware', bodySizeLimit: 1024 * 1024 }),
  outDir: process.env.PARTSFRONT_OUT_DIR ?? './dist',
  integrations: [react(), storefronts()],
  build: { format: 'directory', concurrency: 2 },
  trailingSlash: 'ignore',
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  security: { checkOrigin: false },
  vite: {
    ssr: { external: ['pg', 'kysely', 'sanitize-html'] },
    server: { allowedHosts: ['.localhost'] },
  },
});
