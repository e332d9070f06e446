import { describe, expect, it } from 'vitest';
import { productIdsOfTags } from '#builds/stock-alerts-poll.ts';

describe('the products a batch of change-feed rows names', () => {
  it('takes product:<id> tags once each and ignores content and calendar tags', () => {
    expect(productIdsOfTags(['product:4', 'content:sv:om-oss', 'product:12', 'product:4', 'calendar:sv', 'product:x'])).toEqual([4, 12]);
  });
});
