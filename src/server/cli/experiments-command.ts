/**
 * `npm run experiments -- report [--experiment <name>] [--locale <code>] [--json]` (docs/product/experiments.md#the-report):
 * the report as a table (or JSON) from the database of DATABASE_URL; every storefront unless --locale.
 */
import { parseArgs } from 'node:util';
import type { Db } from '#server/db/connection.ts';
import { isLocaleCode } from '#lib/market/locales.ts';
import { formatReportTable } from '#lib/experiments/report.ts';
import { experimentReport } from '#server/experiments/experiment-report.ts';

export const EXPERIMENTS_USAGE = 'usage: npm run experiments -- report [--experiment <name>] [--locale <sv|no|da|fi|nl>] [--json]';

/** Runs the command, printing to `out`; answers the exit code. */
export async function experimentsCommand(db: Db, argv: string[], out: (line: string) => void = console.log): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { experiment: { type: 'string' }, locale: { type: 'string' }, json: { type: 'boolean' } },
    });
  } catch (err) {
    out(`${err instanceof Error ? err.message : String(err)}\n${EXPERIMENTS_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals[0] !== 'report' || positionals.length > 1 || (values.locale !== undefined && !isLocaleCode(values.locale))) {
    out(EXPERIMENTS_USAGE);
    return 2;
  }
  const report = await experimentReport(db, { experiment: values.experiment, locale: values.locale });
  out(values.json ? JSON.stringify(report, null, 2) : formatReportTable(report));
  return 0;
}
