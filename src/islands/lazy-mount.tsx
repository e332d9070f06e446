/**
 * Islands that most page views never need are mounted on demand instead of hydrated on every page:
 * the consent bar only when no consent is saved yet, the login dialog when it is first opened.
 * Their props (strings) come from JSON script tags that BodyEnd renders.
 */
import { createRoot } from 'react-dom/client';
import ConsentBar from './ConsentBar.tsx';
import LoginDialog from './LoginDialog.tsx';

function props<T>(id: string): T {
  return JSON.parse(document.getElementById(id)?.textContent ?? '{}') as T;
}

function root(id: string) {
  const el = document.createElement('div');
  el.id = id;
  document.body.append(el);
  return createRoot(el);
}

export function mountConsent(): void {
  root('consent-root').render(<ConsentBar {...props<Parameters<typeof ConsentBar>[0]>('pf-consent-props')} />);
}

export function mountLogin(): void {
  root('login-root').render(<LoginDialog {...props<Parameters<typeof LoginDialog>[0]>('pf-login-props')} />);
}
