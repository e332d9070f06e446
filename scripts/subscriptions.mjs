// `npm run subscriptions -- renew [--date YYYY-MM-DD]`: one renewal run (docs/product/subscriptions.md#renewals).
// Every active subscription due on or before the date (default: today, UTC) gets its renewal order, paid by the
// shop's own invoice, and the renewal e-mail. Safe to run from cron as often as you like: a second run for the
// same due date makes no second order. Database from DATABASE_URL like every script.
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { openDb } from '#server/db/connection.ts';
import { calendarDate, isCalendarDate } from '#lib/subscriptions/schedule.ts';
import { formatRenewalSummary, renewSubscriptions } from '#server/checkout/renew-subscriptions.ts';

const USAGE = 'usage: npm run subscriptions -- renew [--date YYYY-MM-DD]';
const [command, ...args] = process.argv.slice(2);
const at = args.findIndex((a) => a === '--date' || a.startsWith('--date='));
const date = at < 0 ? calendarDate(new Date()) : args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
if (command !== 'renew' || !date || !isCalendarDate(date)) {
  console.error(USAGE);
  process.exit(2);
}

const h = openDb();
try {
  const summary = await renewSubscriptions(h.db, date);
  console.log(`renewed subscriptions ${formatRenewalSummary(summary)}`);
  if (summary.outcomes.some((o) => o.result === 'failed')) process.exitCode = 1;
} catch (err) {
  console.error(`renewal run failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  await h.db.destroy();
}
