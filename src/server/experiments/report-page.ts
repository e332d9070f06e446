/**
 * The operator's experiment report page (route operator-experiments, docs/product/experiments.md#the-report):
 * GET shows the form; a POST with the operator token (in the form body, never in the URL) shows the report.
 * A wrong or missing token answers 401 with the form again. The choices are validated like the API's query.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { isAuthorized } from '#server/security/admin-auth.ts';
import { experimentReportQuerySchema } from '#lib/api/experiment-contracts.ts';
import { isExperimentName } from '#lib/experiments/catalogue.ts';
import type { ExperimentReport } from '#lib/experiments/report.ts';
import { readTextBody } from '#server/http/endpoint.ts';
import { experimentReport } from './experiment-report.ts';

const MAX_FORM_BYTES = 2048;

export interface ReportPageChoices {
  experiment: string;
  scope: 'storefront' | 'all';
}

export type ReportPage =
  | { kind: 'form'; status: number; choices: ReportPageChoices }
  | { kind: 'refused'; status: number; choices: ReportPageChoices }
  | { kind: 'invalid'; status: number; choices: ReportPageChoices }
  | { kind: 'report'; status: number; choices: ReportPageChoices; reports: ExperimentReport[] };

const DEFAULT_CHOICES: ReportPageChoices = { experiment: '', scope: 'storefront' };

export async function reportPage(
  db: Db,
  locale: LocaleCode,
  request: Request,
  token = process.env.PARTSFRONT_OPERATOR_TOKEN,
): Promise<ReportPage> {
  if (request.method !== 'POST') return { kind: 'form', status: 200, choices: DEFAULT_CHOICES };
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await readTextBody(request, MAX_FORM_BYTES));
  } catch {
    return { kind: 'invalid', status: 413, choices: DEFAULT_CHOICES };
  }
  const parsed = experimentReportQuerySchema.safeParse({
    experiment: form.get('experiment') || undefined,
    scope: form.get('scope') || undefined,
  });
  const ok = parsed.success && (!parsed.data.experiment || isExperimentName(parsed.data.experiment));
  const choices: ReportPageChoices = ok ? { experiment: parsed.data.experiment ?? '', scope: parsed.data.scope } : DEFAULT_CHOICES;
  if (!isAuthorized(`Bearer ${form.get('token') ?? ''}`, token)) return { kind: 'refused', status: 401, choices };
  if (!ok) return { kind: 'invalid', status: 400, choices };
  const reports = await experimentReport(db, {
    experiment: choices.experiment || undefined,
    locale: choices.scope === 'all' ? undefined : locale,
  });
  return { kind: 'report', status: 200, choices, reports };
}
