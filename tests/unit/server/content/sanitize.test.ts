import { describe, expect, it } from 'vitest';
import { sanitizeEditorHtml } from '#server/content/sanitize.ts';

describe('layout rules', () => {
  it('sanitizes editor HTML', () => {
    const out = sanitizeEditorHtml(
      '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(out).toContain('<p>Hi');
  });
});
