import { describe, expect, it } from 'vitest';
import { shippingLabel } from '#lib/shipping/shipping-label.ts';

describe('shipping label', () => {
  it('names the carrier once', () => {
    expect(shippingLabel('DHL', 'DHL Service Point')).toBe('DHL Service Point');
    expect(shippingLabel('PostNord', 'postnord MyPack Home')).toBe('postnord MyPack Home');
    expect(shippingLabel('Bring', 'Pakke i postkassen')).toBe('Bring Pakke i postkassen');
  });
});
