/**
 * `npm run newsletter`: an operator sends a newsletter to one storefront (docs/product/emails.md#sending-a-newsletter).
 *   npm run newsletter -- send --locale sv --subject "…" --text-file news.txt [--html-file news.html] [--campaign id] [--dry-run]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Db } from '#server/db/connection.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { mailConfig } from '#server/mail/mail-config.ts';
import { CAMPAIGN_ID, queueNewsletter } from '#server/mail/newsletter.ts';

export const NEWSLETTER_USAGE =
  'usage: npm run newsletter -- send --locale <sv|no|da|fi|nl> --subject "…" --text-file <path> [--html-file <path>] [--campaign <id>] [--dry-run]';

const Options = z.object({
  locale: z.enum(LOCALE_CODES),
  subject: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((s) => !/[\r\n]/.test(s), 'one line'),
  'text-file': z.string().min(1),
  'html-file': z.string().min(1).optional(),
  campaign: z.string().regex(CAMPAIGN_ID).optional(),
  'dry-run': z.boolean().optional(),
});

function readContent(path: string, what: string): string {
  let content: string;
  try {
    content = fs.readFileSync(path, 'utf8');
  } catch {
    throw new Error(`cannot read the ${what} file ${path}`);
  }
  if (!content.trim()) throw new Error(`the ${what} file ${path} is empty`);
  return content;
}

export async function newsletterCommand(db: Db, args: string[], print: (s: string) => void = console.log): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        locale: { type: 'string' },
        subject: { type: 'string' },
        'text-file': { type: 'string' },
        'html-file': { type: 'string' },
        campaign: { type: 'string' },
        'dry-run': { type: 'boolean' },
      },
    });
  } catch (err) {
    return (print(`${err instanceof Error ? err.message : err}\n${NEWSLETTER_USAGE}`), 2);
  }
  const options = Options.safeParse(parsed.values);
  if (parsed.positionals.join(' ') !== 'send' || !options.success) {
    const problems = options.success ? [] : options.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`);
    return (print([...problems, NEWSLETTER_USAGE].join('\n')), 2);
  }
  const o = options.data;
  const text = readContent(o['text-file'], 'text');
  const html = o['html-file'] ? readContent(o['html-file'], 'HTML') : null;
  const dryRun = o['dry-run'] === true;
  const r = await queueNewsletter(db, { locale: o.locale, subject: o.subject, text, html, id: o.campaign }, { dryRun });
  if (dryRun) {
    print(
      `campaign ${r.campaign} (${o.locale}): ${r.recipients - r.alreadyQueued} to queue, ${r.alreadyQueued} already queued — dry run, nothing queued`,
    );
    return 0;
  }
  const where = mailConfig().smtpUrl ? 'the server delivers them through SMTP' : 'SMTP_URL is not set: read them with `npm run outbox`';
  print(`campaign ${r.campaign} (${o.locale}): queued ${r.queued}, ${r.alreadyQueued} already queued — ${where}`);
  return 0;
}
