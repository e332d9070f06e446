import { describe, expect, it } from 'vitest';
import { editorOf, editorTokens, requireEditor } from '#server/content/editor-auth.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';

const env = {
  PARTSFRONT_EDITOR_TOKENS: 'Anna Lind=anna-token-0123456789; Ben=ben-token-0123456789 ;short=abc;=nameless-token-0123',
  PARTSFRONT_OPERATOR_TOKEN: 'operator-token',
};
const req = (token?: string) =>
  new Request('http://sv.localhost/api/content/drafts', { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('editor tokens', () => {
  it('reads name=token pairs; a token under 16 characters or an entry without a name counts for nothing', () => {
    expect(editorTokens(env.PARTSFRONT_EDITOR_TOKENS)).toEqual([
      { name: 'Anna Lind', token: 'anna-token-0123456789' },
      { name: 'Ben', token: 'ben-token-0123456789' },
    ]);
    expect(editorTokens(undefined)).toEqual([]);
  });

  it("an editor's token names the editor; the operator token leaves the name to the request; anything else is a 401", () => {
    expect(requireEditor(req('anna-token-0123456789'), env)).toEqual({ editor: 'Anna Lind' });
    expect(requireEditor(req('operator-token'), env)).toEqual({ editor: null });
    for (const r of [req(), req('abc'), req('anna-token-012345678')]) {
      const failure = (() => {
        try {
          requireEditor(r, env);
        } catch (e) {
          return e;
        }
      })();
      expect(failure).toBeInstanceOf(DomainError);
      expect((failure as DomainError).status).toBe(401);
    }
  });

  it("records the token's editor over a name in the request; with the operator token the request must name one", () => {
    expect(editorOf({ editor: 'Anna Lind' }, 'mallory')).toBe('Anna Lind');
    expect(editorOf({ editor: null }, 'eve')).toBe('eve');
    expect(() => editorOf({ editor: null }, undefined)).toThrow(DomainError);
  });
});
