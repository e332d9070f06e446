/**
 * What `npm run serve` / `npm start` print once the server listens (docs/product/configuration.md#start-up-summary):
 * each storefront's public URL (its real scheme and port, as links and the build use them), the back office's, the database
 * (passwords redacted), the providers per kind — real, sandbox or off —, the sandbox, and where it listens.
 * A function of the environment only, so it is unit tested without a server.
 */
import { accessPointConfig } from '#server/einvoice/access-point-config.ts';
import path from 'node:path';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { redactUrl } from '#lib/config/check-env.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { backofficeOrigin, siteSettings } from '#server/market/site-settings.ts';
import { sandboxUrl, type Env } from '#server/providers/provider-config.ts';
import { adyenConfig, klarnaConfig, twoConfig, walleyConfig } from '#server/payments/payment-config.ts';
import { ingridConfig } from '#server/shipping/shipping-config.ts';
import { depictConfig } from '#server/search/providers/depict-config.ts';
import { depictRecommendConfig } from '#server/recommendations/depict-recommend-config.ts';
import { mailConfig } from '#server/mail/mail-config.ts';

export interface StartupSummaryInput {
  env: Env;
  host: string;
  port: number;
  /** The served build's folder. */
  buildDir: string;
  cwd?: string;
}

/** "Adyen (sandbox)", "Adyen" (the real one) or "Adyen off". */
function provider(name: string, config: { baseUrl: string } | null, box: string | null): string {
  if (!config) return `${name} off`;
  return box && config.baseUrl.startsWith(box) ? `${name} (sandbox)` : name;
}

function database(env: Env, cwd: string): string {
  const c = dbConfigFromEnv(env);
  if (c.kind === 'sqlite') return `SQLite ${c.file === ':memory:' ? 'in memory' : path.relative(cwd, c.file) || c.file}`;
  try {
    const u = new URL(c.url);
    return `PostgreSQL ${u.hostname}:${u.port || '5432'}${u.pathname} (${redactUrl(c.url)})`;
  } catch {
    return `PostgreSQL (${redactUrl(c.url)})`;
  }
}

export function startupSummary({ env, host, port, buildDir, cwd = process.cwd() }: StartupSummaryInput): string[] {
  const { origins } = siteSettings(env);
  const box = sandboxUrl(env);
  const smtp = mailConfig(env).smtpUrl;
  const searchProvider = depictConfig(env);
  const recommender = depictRecommendConfig(env);
  const rows: [string, string][] = [
    ...LOCALE_CODES.map((c): [string, string] => [c, origins[c]]),
    // the back office (docs/product/back-office.md#host)
    ['admin', backofficeOrigin(env)],
    ['database', database(env, cwd)],
    [
      'payments',
      [
        'own invoice',
        provider('Adyen', adyenConfig(env), box),
        provider('Klarna', klarnaConfig(env), box),
        provider('Walley', walleyConfig(env), box),
        provider('Two', twoConfig(env), box),
      ].join(', '),
    ],
    ['shipping', ['eel', provider('Ingrid', ingridConfig(env), box)].join(', ')],
    ['search', ['internal', provider('Depict', searchProvider, box)].join(', ')],
    ['recommend', ['internal', provider('Depict', recommender, box)].join(', ')],
    // e-invoices to the Peppol access point (docs/product/e-invoices.md#configuration)
    ['e-invoice', provider('Storecove', accessPointConfig(env), box)],
    ['mail', smtp ? `SMTP ${redactUrl(smtp)}` : 'local outbox only (SMTP_URL unset)'],
    // The sandbox sets PARTSFRONT_SANDBOX_URL when it starts (sandbox/in-process.ts); without it none runs here.
    ['sandbox', !box ? 'off' : env.PARTSFRONT_SANDBOX_URL ? box : `${box} expected, not started by this process`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return [
    `Partsfront serving build ${path.relative(cwd, buildDir) || '.'} on ${host}:${port}`,
    ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`),
  ];
}
