/**
 * React islands that most page views never need are mounted on demand instead of hydrated on every
 * page (JS budget, docs/adr/0005-islands-and-client-state.md: React alone is ~69 KB gzip): the mini cart panel on first open, the search
 * dropdown on the input's first focus, the login dialog when first opened. Their props come from JSON script tags rendered by the slots.
 */
import '#lib/api/zod-csp.ts'; // before any parse: docs/product/security.md
import { createRoot } from 'react-dom/client';
import type { ComponentProps } from 'react';
import LoginDialog from './LoginDialog.tsx';
import MiniCart from './MiniCart.tsx';
import Search from './Search.tsx';

function props<T>(id: string): T {
  return JSON.parse(document.getElementById(id)?.textContent ?? '{}') as T;
}

function root(id: string, parent: HTMLElement = document.body) {
  const el = document.createElement('div');
  el.id = id;
  parent.append(el);
  return createRoot(el);
}

export function mountLogin(): void {
  root('login-root').render(<LoginDialog {...props<ComponentProps<typeof LoginDialog>>('pf-login-props')} />);
}

export function mountMiniCart(): void {
  root('minicart-root').render(<MiniCart {...props<ComponentProps<typeof MiniCart>>('pf-minicart-props')} />);
}

export function mountSearch(form: HTMLFormElement, input: HTMLInputElement): void {
  root('search-root', form).render(<Search input={input} {...props<Omit<ComponentProps<typeof Search>, 'input'>>('pf-search-props')} />);
}
