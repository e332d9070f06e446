import { describe, expect, it } from 'vitest';
import { captuerrRequestSchema } from '#lib/api/telemetry-contracts.ts';

describe('request schemas', () => {
  it('captuerr bounds its fields', () => {
    expect(captuerrRequestSchema.parse({ error: 'x' }).level).toBe('error');
    expect(captuerrRequestSchema.safeParse({ error: 'x'.repeat(2001) }).success).toBe(false);
    expect(captuerrRequestSchema.safeParse({ error: 'x', level: 'fatal' }).success).toBe(false);
  });
});
