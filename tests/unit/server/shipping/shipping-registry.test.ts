import { describe, expect, it } from 'vitest';
import { shippingProcessorOf, shippingRegistry } from '#server/shipping/shipping-registry.ts';
import { IngridProvider } from '#server/shipping/ingrid/ingrid-provider.ts';

describe('shipping processors', () => {
  it("records 'eel' or 'external' as asked, eel for anything else", () => {
    expect(shippingProcessorOf('external')).toBe('external');
    expect(shippingProcessorOf('eel')).toBe('eel');
    for (const other of [undefined, '', 'ingrid', 'EXTERNAL', '<x>', 'external ']) expect(shippingProcessorOf(other)).toBe('eel');
  });

  it('serves external with Ingrid where it is configured (outside production: the sandbox), eel always with eel', () => {
    const registry = shippingRegistry({ PARTSFRONT_SANDBOX_URL: 'http://127.0.0.1:9999' });
    expect(registry('external')).toBeInstanceOf(IngridProvider);
    expect(registry('external').id).toBe('ingrid');
    expect(registry('eel').id).toBe('eel');
    expect(registry('anything').id).toBe('eel');
  });

  it('serves external with eel when Ingrid is not configured', () => {
    expect(shippingRegistry({ NODE_ENV: 'production' })('external').id).toBe('eel');
    const configured = { NODE_ENV: 'production', INGRID_API_URL: 'https://api.ingrid.com', INGRID_SITE_TOKEN: 'c2l0ZQ==' };
    expect(shippingRegistry(configured)('external').id).toBe('ingrid');
  });
});
