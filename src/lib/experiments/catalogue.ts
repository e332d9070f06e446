/**
 * The experiments the shop can run (docs/product/experiments.md#the-experiments): what the code can show for
 * each name. Which of them run, with which variants and weights, is configuration (config/experiments.json).
 * `control` is what a visitor gets with no variant (the experiment is not running for them, or not assigned
 * yet); `onFailure` is what they get when the experiment set-up failed (SPEC: eel and internal).
 */
export interface ExperimentDefinition {
  variants: readonly string[];
  control: string;
  onFailure: string;
}

export const EXPERIMENTS = {
  shipping_processor: { variants: ['external', 'eel'], control: 'eel', onFailure: 'eel' },
  search_provider: { variants: ['external', 'internal'], control: 'external', onFailure: 'internal' },
  recommendation_provider: { variants: ['external', 'internal'], control: 'external', onFailure: 'internal' },
  stock_dates: { variants: ['days_date_format', 'default_format'], control: 'default_format', onFailure: 'default_format' },
  recent_product_views: { variants: ['shown', 'hidden'], control: 'hidden', onFailure: 'hidden' },
  items_bought_today: { variants: ['shown', 'hidden'], control: 'hidden', onFailure: 'hidden' },
  accessories: { variants: ['original', 'upselling'], control: 'original', onFailure: 'original' },
} as const satisfies Record<string, ExperimentDefinition>;

export type ExperimentName = keyof typeof EXPERIMENTS;
export const EXPERIMENT_NAMES = Object.keys(EXPERIMENTS) as ExperimentName[];

export function isExperimentName(name: string): name is ExperimentName {
  return Object.hasOwn(EXPERIMENTS, name);
}

export function isVariantOf(name: string, variant: string): boolean {
  return isExperimentName(name) && (EXPERIMENTS[name].variants as readonly string[]).includes(variant);
}

/** The variant of a visitor without an assignment: the control, or the failure default after a failed set-up. */
export function defaultVariant(name: string, failed: boolean): string {
  if (!isExperimentName(name)) return 'original';
  return failed ? EXPERIMENTS[name].onFailure : EXPERIMENTS[name].control;
}
