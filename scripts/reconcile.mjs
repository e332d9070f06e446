// `npm run reconcile [-- --grace <seconds>]`: one reconciliation run over checkouts left `paying` (the shopper never
// came back, the notification never arrived): each ends in its order or a reopened checkout
// (docs/product/checkout.md#reconciliation). The server also runs it every minute; this is for cron, or by hand.
// Database from DATABASE_URL like every script; providers from their ADYEN_* / KLARNA_* variables (outside
// production the sandbox at PARTSFRONT_SANDBOX_URL, default 127.0.0.1:4330, as `npm start` runs it).
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { openDb } from '#server/db/connection.ts';
import { formatSummary, reconcilePayments } from '#server/checkout/reconcile-payments.ts';

const args = process.argv.slice(2);
const at = args.findIndex((a) => a === '--grace' || a.startsWith('--grace='));
const graceArg = at < 0 ? undefined : args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
const grace = graceArg === undefined ? undefined : Number(graceArg);
if (grace !== undefined && !(Number.isFinite(grace) && grace >= 0)) {
  console.error('usage: npm run reconcile [-- --grace <seconds>]');
  process.exit(2);
}

const h = openDb();
try {
  const summary = await reconcilePayments(h, grace === undefined ? {} : { graceMs: grace * 1000 });
  console.log(summary ? `reconciled: ${formatSummary(summary)}` : 'another process is reconciling right now; nothing done');
} catch (err) {
  console.error(`reconciliation failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  await h.db.destroy();
}
