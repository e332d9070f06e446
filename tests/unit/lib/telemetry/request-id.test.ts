import { describe, expect, it } from 'vitest';
import { chooseRequestId, isSaneRequestId, MAX_REQUEST_ID_LENGTH } from '#lib/telemetry/request-id.ts';

const fresh = () => 'generated-id';

describe('isSaneRequestId', () => {
  it('accepts ids of the safe alphabet up to 128 characters', () => {
    for (const id of ['abc', 'f47ac10b-58cc-4372-a567-0e02b2c3d479', 'lb:1.2_3-x', 'a'.repeat(MAX_REQUEST_ID_LENGTH)])
      expect(isSaneRequestId(id), id).toBe(true);
  });

  it('refuses empty, too long, and anything that could forge a log field or header', () => {
    for (const id of ['', 'a'.repeat(MAX_REQUEST_ID_LENGTH + 1), 'a b', 'a\nb', 'a"b', '{"x":1}', 'ä', 'a/b', 'a=b;c', undefined, 42])
      expect(isSaneRequestId(id), String(id)).toBe(false);
  });
});

describe('chooseRequestId', () => {
  it('keeps a sane id of a trusted proxy', () => {
    expect(chooseRequestId('proxy-id-1', true, fresh)).toBe('proxy-id-1');
  });

  it('generates one when the proxy is not trusted, the header is missing, repeated or not sane', () => {
    expect(chooseRequestId('proxy-id-1', false, fresh)).toBe('generated-id');
    expect(chooseRequestId(undefined, true, fresh)).toBe('generated-id');
    expect(chooseRequestId(['a', 'b'], true, fresh)).toBe('generated-id');
    expect(chooseRequestId('bad id\n', true, fresh)).toBe('generated-id');
    expect(chooseRequestId('x'.repeat(200), true, fresh)).toBe('generated-id');
  });
});
