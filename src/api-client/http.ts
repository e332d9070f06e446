/** Tiny fetch helpers for the JSON API: every call carries locale and sid (docs/product/api.md#common-rules). */
import { LOCALES, isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';

export function pageLocale(): LocaleCode {
  const l = typeof document === 'undefined' ? undefined : document.documentElement.dataset.locale;
  return isLocaleCode(l) ? l : 'sv';
}

export function apiUrl(path: string, params: Record<string, string> = {}): string {
  const locale = pageLocale();
  const q = new URLSearchParams({ ...params, locale, sid: String(LOCALES[locale].storeID) });
  return `${path}?${q.toString()}`;
}

export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  data: T | undefined;
  headers: Headers;
}

async function answer<T>(res: Response): Promise<ApiAnswer<T>> {
  let data: T | undefined;
  try {
    data = res.status === 204 ? undefined : ((await res.json()) as T);
  } catch {
    data = undefined;
  }
  return { ok: res.ok, status: res.status, data, headers: res.headers };
}

export async function getJson<T>(path: string, params?: Record<string, string>, init?: RequestInit): Promise<ApiAnswer<T>> {
  return answer<T>(await fetch(apiUrl(path, params), { ...init, headers: { accept: 'application/json', ...init?.headers } }));
}

export async function postJson<T>(path: string, body: unknown, init?: RequestInit): Promise<ApiAnswer<T>> {
  return answer<T>(
    await fetch(apiUrl(path), {
      ...init,
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', accept: 'application/json', ...init?.headers },
    }),
  );
}
