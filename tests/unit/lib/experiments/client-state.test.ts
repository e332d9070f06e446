import { describe, expect, it } from 'vitest';
import {
  cartAdditions,
  EMPTY_EXPERIMENT_STATE,
  markSent,
  reviveExperimentState,
  sendableExposures,
  variantOf,
  withFailure,
  withRunning,
} from '#lib/experiments/client-state.ts';
import { assignVariant } from '#lib/experiments/assignment.ts';

const visitor = '0f8fad5b-d9cb-469f-a165-70867728950e';
const answer = {
  version: 'v1',
  experiments: [
    {
      name: 'accessories',
      variants: [
        { name: 'original', weight: 50 },
        { name: 'upselling', weight: 50 },
      ],
    },
    {
      name: 'search_provider',
      variants: [
        { name: 'external', weight: 0 },
        { name: 'internal', weight: 1 },
      ],
    },
  ],
};

describe('experiment slice rules', () => {
  it('assigns every running experiment from the visitor hash and keeps what the tab holds', () => {
    const s = withRunning(EMPTY_EXPERIMENT_STATE, visitor, answer);
    expect(s.variants).toEqual({ accessories: assignVariant(visitor, answer.experiments[0]), search_provider: 'internal' });
    expect(s.running).toEqual(['accessories', 'search_provider']);
    const held = withRunning({ ...EMPTY_EXPERIMENT_STATE, variants: { accessories: 'upselling' } }, visitor, answer);
    expect(held.variants.accessories).toBe('upselling');
  });

  it('overrides win over the held variant and are no exposure', () => {
    const s = withRunning({ ...EMPTY_EXPERIMENT_STATE, overrides: { search_provider: 'external' } }, visitor, answer);
    const r = variantOf(s, 'search_provider', visitor);
    expect(r.variant).toBe('external');
    expect(r.state.pending).toBeUndefined();
  });

  it('a held variant is an exposure, queued once and sendable only for running experiments', () => {
    const s = withRunning(EMPTY_EXPERIMENT_STATE, visitor, answer);
    const r = variantOf(s, 'search_provider', visitor);
    expect(r.variant).toBe('internal');
    expect(r.state.pending).toEqual({ search_provider: 'internal' });
    expect(variantOf(r.state, 'search_provider', visitor).state).toBe(r.state);
    expect(sendableExposures(r.state)).toEqual([{ experiment: 'search_provider', variant: 'internal' }]);
    const sent = markSent(r.state, ['search_provider']);
    expect(sent.pending).toEqual({});
    expect(sent.sent).toEqual(['search_provider']);
    expect(variantOf(sent, 'search_provider', visitor).state).toBe(sent);
  });

  it('without a variant: the control; after a failed set-up: eel and internal', () => {
    const s = withRunning(EMPTY_EXPERIMENT_STATE, visitor, answer);
    expect(variantOf(s, 'shipping_processor', visitor).variant).toBe('eel');
    expect(variantOf(s, 'recommendation_provider', visitor).variant).toBe('external');
    expect(variantOf(s, 'items_bought_today', visitor).variant).toBe('hidden');
    expect(variantOf(s, 'no_such_experiment', visitor).variant).toBe('original');
    const failed = withFailure(EMPTY_EXPERIMENT_STATE);
    expect(variantOf(failed, 'search_provider', visitor).variant).toBe('internal');
    expect(variantOf(failed, 'recommendation_provider', visitor).variant).toBe('internal');
    expect(variantOf(failed, 'shipping_processor', visitor).variant).toBe('eel');
    expect(variantOf(failed, 'accessories', visitor).variant).toBe('original');
  });

  it('before the configuration is known, accessories is picked once (spec rule) and reused; nothing is sendable yet', () => {
    const r = variantOf(EMPTY_EXPERIMENT_STATE, 'accessories', visitor);
    expect(['original', 'upselling']).toContain(r.variant);
    expect(r.state.variants.accessories).toBe(r.variant);
    expect(variantOf(r.state, 'accessories', visitor).variant).toBe(r.variant);
    expect(sendableExposures(r.state)).toEqual([]);
    expect(variantOf(EMPTY_EXPERIMENT_STATE, 'recent_product_views', visitor)).toEqual({
      variant: 'hidden',
      state: EMPTY_EXPERIMENT_STATE,
    });
  });

  it('revives old and broken stored values', () => {
    expect(reviveExperimentState({ variants: { accessories: 'original' }, overrides: {} })).toEqual({
      variants: { accessories: 'original' },
      overrides: {},
    });
    expect(reviveExperimentState('x')).toEqual(EMPTY_EXPERIMENT_STATE);
    expect(reviveExperimentState({ variants: { a: 1 }, sent: ['x', 2], visitor: 'v' })).toEqual({
      variants: {},
      overrides: {},
      sent: ['x'],
      visitor: 'v',
    });
  });

  it('finds add-to-carts as grown line quantities', () => {
    const before = [{ uuid: 'a', sku: 'S1', quantity: 1 }];
    const after = [
      { uuid: 'a', sku: 'S1', quantity: 3 },
      { uuid: 'b', sku: 'S2', quantity: 1 },
    ];
    expect(cartAdditions(before, after)).toEqual([
      { sku: 'S1', quantity: 2 },
      { sku: 'S2', quantity: 1 },
    ]);
    expect(cartAdditions(after, before)).toEqual([]);
  });
});
