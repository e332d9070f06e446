/** Cookie handling for the auth API suites: what Set-Cookie said, and a Cookie header from it (as a browser would). */
import type { TestResponse } from '#tests/support/http.ts';

export interface SetCookie {
  name: string;
  value: string;
  /** Lower-cased attribute name → value ('' for flags such as HttpOnly). */
  attrs: Record<string, string>;
}

export function setCookies(r: TestResponse): Map<string, SetCookie> {
  const raw = r.headers['set-cookie'] ?? [];
  const out = new Map<string, SetCookie>();
  for (const line of Array.isArray(raw) ? raw : [raw]) {
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    out.set(name, {
      name,
      value: decodeURIComponent(pair.slice(eq + 1)),
      attrs: Object.fromEntries(
        attrs.map((a) => {
          const i = a.indexOf('=');
          return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
        }),
      ),
    });
  }
  return out;
}

/** A Cookie request header from the cookies a response set (a deleted, i.e. expired, cookie is left out). */
export function cookieHeader(r: TestResponse, names = ['pf_access', 'pf_refresh']): Record<string, string> {
  const jar = setCookies(r);
  const parts = names.flatMap((n) => {
    const c = jar.get(n);
    const expired = c?.attrs['max-age'] === '0' || (c?.attrs.expires !== undefined && Date.parse(c.attrs.expires) <= Date.now());
    return c && c.value && !expired ? [`${n}=${encodeURIComponent(c.value)}`] : [];
  });
  return { cookie: parts.join('; ') };
}

/** The one-time token in an account e-mail's link (`?set_password=` or `?token=`). */
export function linkToken(text: string): string {
  const m = /[?&](?:set_password|token)=([A-Za-z0-9_-]{43})/.exec(text);
  if (!m?.[1]) throw new Error(`no account link in: ${text.slice(0, 200)}`);
  return m[1];
}
