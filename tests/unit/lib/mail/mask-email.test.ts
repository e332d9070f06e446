import { describe, expect, it } from 'vitest';
import { maskEmail } from '#lib/mail/mask-email.ts';

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('anna.berg@example.se')).toBe('a***@example.se');
    expect(maskEmail('a@example.nl')).toBe('a***@example.nl');
    expect(maskEmail('"odd@local"@example.fi')).toBe('"***@example.fi');
  });
  it('shows nothing of something that is not an address', () => {
    expect(maskEmail('no-at-sign')).toBe('***');
    expect(maskEmail('@example.se')).toBe('***');
  });
});
