/**
 * A tiny "browser" for tests and scripts: opens a hosted page, reads its forms and submits one the
 * way a browser would (urlencoded POST, following the sandbox's own redirects). It stops when a
 * redirect leaves the sandbox — that is the provider sending the shopper back to the shop.
 * Handles only the plain forms the emulators render (no script, double-quoted attributes).
 */
export interface HtmlForm {
  action: string;
  fields: Record<string, string>;
  /** Submit buttons: name/value pairs, in page order. */
  buttons: Array<{ name: string; value: string; label: string }>;
}

export interface Page {
  url: string;
  status: number;
  html: string;
  forms: HtmlForm[];
}

export type Navigation = { kind: 'page'; page: Page } | { kind: 'left'; location: string };

export async function openPage(url: string): Promise<Page> {
  const nav = await navigate(url, { method: 'GET' });
  if (nav.kind !== 'page') throw new Error(`${url} redirected out of the sandbox to ${nav.location}`);
  return nav.page;
}

/** Submits the form holding the button with this value (e.g. 'approve'), overriding/adding `values`. */
export async function submit(page: Page, buttonValue: string, values: Record<string, string> = {}): Promise<Navigation> {
  const form = page.forms.find((f) => f.buttons.some((b) => b.value === buttonValue));
  if (!form) throw new Error(`no form with a '${buttonValue}' button on ${page.url}:\n${page.html}`);
  const button = form.buttons.find((b) => b.value === buttonValue)!;
  const body = new URLSearchParams({ ...form.fields, ...values, [button.name]: button.value });
  return navigate(new URL(form.action, page.url).href, { method: 'POST', body: body.toString() });
}

async function navigate(url: string, init: { method: string; body?: string }): Promise<Navigation> {
  const origin = new URL(url).origin;
  let current = url;
  let request: { method: string; body?: string } = init;
  for (let hops = 0; hops < 10; hops++) {
    const response = await fetch(current, {
      method: request.method,
      redirect: 'manual',
      body: request.body,
      headers: request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.arrayBuffer();
      const next = new URL(location, current);
      if (next.origin !== origin) return { kind: 'left', location: next.href };
      current = next.href;
      request = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    return { kind: 'page', page: { url: current, status: response.status, html, forms: parseForms(html) } };
  }
  throw new Error(`too many redirects from ${url}`);
}

const attrs = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));

const decode = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function parseForms(html: string): HtmlForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((m) => {
    const inner = m[2]!;
    const fields: Record<string, string> = {};
    for (const input of inner.matchAll(/<input\b[^>]*>/g)) {
      const a = attrs(input[0]);
      if (a.name && (a.type !== 'radio' || /\bchecked\b/.test(input[0]))) fields[a.name] = a.value ?? '';
    }
    for (const select of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const name = attrs(select[1]!).name;
      const options = [...select[2]!.matchAll(/<option\b[^>]*>/g)].map((o) => ({
        value: attrs(o[0]).value ?? '',
        selected: /\bselected\b/.test(o[0]),
      }));
      if (name) fields[name] = (options.find((o) => o.selected) ?? options[0])?.value ?? '';
    }
    const buttons = [...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map((b) => {
      const a = attrs(b[1]!);
      return { name: a.name ?? '', value: a.value ?? '', label: b[2]!.replace(/<[^>]+>/g, '').trim() };
    });
    return { action: attrs(m[1]!).action ?? '', fields, buttons };
  });
}
