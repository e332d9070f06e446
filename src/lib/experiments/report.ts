/**
 * The experiment report from grouped counts (docs/product/experiments.md#the-report), pure: per experiment and
 * variant the exposed visitors, their add-to-carts and orders after exposure, conversion rate (visitors with an
 * order / visitors) with its Wilson 95 % interval, revenue per visitor per currency, and the two-proportion
 * z-test of the conversion rate against the control. Also the plain-text table the command prints.
 */
import { EXPERIMENTS, isExperimentName } from './catalogue.ts';
import { twoProportionTest, wilsonInterval, type Interval, type ProportionTest } from './report-stats.ts';

export interface RevenueFigure {
  currency: string;
  revenue_minor: number;
  /** revenue_minor / visitors, rounded to whole minor units. */
  per_visitor_minor: number;
}

export interface VariantReport {
  variant: string;
  control: boolean;
  visitors: number;
  /** Visitors with at least one add-to-cart after exposure, and all those add-to-carts. */
  add_to_cart_visitors: number;
  add_to_carts: number;
  /** Visitors with at least one order after exposure, and all those orders. */
  buyers: number;
  orders: number;
  conversion_rate: number;
  conversion_ci: Interval;
  revenue: RevenueFigure[];
  /** null for the control, or when there is nothing to test (no visitors, no variation). */
  vs_control: (ProportionTest & { control: string }) | null;
}

export interface ExperimentReport {
  experiment: string;
  control: string;
  variants: VariantReport[];
}

/** Grouped counts as the database answers them (counts may arrive as strings or bigints). */
export interface ReportCounts {
  visitors: { experiment: string; variant: string; visitors: unknown }[];
  adds: { experiment: string; variant: string; visitors: unknown; adds: unknown }[];
  orders: { experiment: string; variant: string; currency: string; buyers: unknown; orders: unknown; revenue: unknown }[];
}

const n = (v: unknown) => Number(v ?? 0);

export function buildExperimentReports({ visitors, adds, orders }: ReportCounts): ExperimentReport[] {
  const names = [...new Set(visitors.map((r) => r.experiment))].sort();
  return names.map((experiment) => {
    const rows = visitors.filter((r) => r.experiment === experiment);
    const known: readonly string[] = isExperimentName(experiment) ? EXPERIMENTS[experiment].variants : [];
    // catalogue order first, then variants no longer in the catalogue
    const rank = (v: string) => (known.includes(v) ? known.indexOf(v) : known.length);
    const present = rows.map((r) => r.variant).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    const catalogueControl = isExperimentName(experiment) ? EXPERIMENTS[experiment].control : undefined;
    const control = catalogueControl && present.includes(catalogueControl) ? catalogueControl : present[0];
    const figures = present.map((variant) => {
      const v = n(rows.find((r) => r.variant === variant)?.visitors);
      const a = adds.find((r) => r.experiment === experiment && r.variant === variant);
      const o = orders.filter((r) => r.experiment === experiment && r.variant === variant);
      // a visitor buys in one storefront's currency: buyers add up over currencies
      const buyers = o.reduce((s, r) => s + n(r.buyers), 0);
      return {
        variant,
        control: variant === control,
        visitors: v,
        add_to_cart_visitors: n(a?.visitors),
        add_to_carts: n(a?.adds),
        buyers,
        orders: o.reduce((s, r) => s + n(r.orders), 0),
        conversion_rate: v ? buyers / v : 0,
        conversion_ci: wilsonInterval(buyers, v),
        revenue: o
          .map((r) => ({ currency: r.currency, revenue_minor: n(r.revenue), per_visitor_minor: v ? Math.round(n(r.revenue) / v) : 0 }))
          .sort((x, y) => x.currency.localeCompare(y.currency)),
      };
    });
    const base = figures.find((f) => f.control)!;
    const variants: VariantReport[] = figures.map((f) => {
      const test = f.control ? undefined : twoProportionTest(f.buyers, f.visitors, base.buyers, base.visitors);
      return { ...f, vs_control: test ? { ...test, control } : null };
    });
    return { experiment, control, variants };
  });
}

const pct = (x: number) => `${(x * 100).toFixed(2)} %`;

/** The report as a plain-text table per experiment (revenue in minor units, per currency). */
export function formatReportTable(reports: readonly ExperimentReport[]): string {
  if (!reports.length) return 'no exposures recorded yet';
  const head = [
    'variant',
    'visitors',
    'atc visitors',
    'add-to-carts',
    'buyers',
    'orders',
    'conversion',
    '95 % CI',
    'revenue/visitor',
    'vs control',
  ];
  return reports
    .map((r) => {
      const rows = r.variants.map((v) => [
        v.control ? `${v.variant} (control)` : v.variant,
        String(v.visitors),
        String(v.add_to_cart_visitors),
        String(v.add_to_carts),
        String(v.buyers),
        String(v.orders),
        pct(v.conversion_rate),
        `${pct(v.conversion_ci.low)} – ${pct(v.conversion_ci.high)}`,
        v.revenue.map((x) => `${x.per_visitor_minor} ${x.currency}`).join(', ') || '0',
        v.control
          ? '—'
          : v.vs_control
            ? `${v.vs_control.difference >= 0 ? '+' : ''}${(v.vs_control.difference * 100).toFixed(2)} pt, p=${v.vs_control.pValue.toFixed(4)}${v.vs_control.significant ? ' significant' : ' not significant'}`
            : 'nothing to test',
      ]);
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
      const line = (cells: string[]) =>
        cells
          .map((c, i) => c.padEnd(widths[i]))
          .join('  ')
          .trimEnd();
      return [`experiment ${r.experiment}`, line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
    })
    .join('\n\n');
}
