import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readAccountForm, refusedFor } from '#server/account/account-form.ts';

const schema = z.object({ action: z.literal('save'), name: z.string().min(2) });
const post = (body: Record<string, string>, origin = 'http://sv.localhost:4321') =>
  new Request('http://sv.localhost:4321/my-account/x', {
    method: 'POST',
    headers: { host: 'sv.localhost:4321', origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });

describe('account page forms', () => {
  it('reads a same-origin post through the schema, keeping its string fields', async () => {
    expect(await readAccountForm(post({ action: 'save', name: 'Bo', list: 'L1' }), schema)).toEqual({
      ok: true,
      data: { action: 'save', name: 'Bo' },
      fields: { action: 'save', name: 'Bo', list: 'L1' },
    });
  });

  it('refuses a cross-site post with 403 without reading it, and a bad one with 400 naming the first bad field', async () => {
    expect(await readAccountForm(post({ action: 'save', name: 'Bo' }, 'https://evil.example'), schema)).toEqual({
      ok: false,
      status: 403,
      fields: {},
    });
    expect(await readAccountForm(post({ action: 'save', name: 'B', list: 'L2' }), schema)).toEqual({
      ok: false,
      status: 400,
      fields: { action: 'save', name: 'B', list: 'L2' },
      field: 'name',
    });
  });

  it("names a refusal by the page's own reasons: the field, else the code, else other", () => {
    const reasons = ['name', 'conflict'];
    expect(refusedFor(reasons, { field: 'name', code: 'invalid_request' })).toBe('name');
    expect(refusedFor(reasons, { field: 'email', code: 'conflict' })).toBe('conflict');
    expect(refusedFor(reasons, { field: 'email', code: 'forbidden' })).toBe('other');
    expect(refusedFor(reasons, { field: undefined })).toBe('other');
  });
});
