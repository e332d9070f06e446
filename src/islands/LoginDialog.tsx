/**
 * Login dialog (docs/product/accounts.md): the myAccount strategy (e-mail + password) and
 * myOrder for guest order access (order number + e-mail); a change-password view.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { AuthState, AuthUser } from '#lib/account/client-rules.ts';
import { auth } from '#stores/auth.ts';
import { login, loginState } from '#stores/ui.ts';
import { logIn, whoAmI } from '#api-client/auth.ts';

interface Strings {
  title: string;
  myOrder: string;
  email: string;
  password: string;
  orderNumber: string;
  submit: string;
  error: string;
  changePassword: string;
  newPassword: string;
  save: string;
  close: string;
}
interface Props {
  t: Strings;
  ordersHref: string;
  orderPath: string;
}

export default function LoginDialog({ t, ordersHref, orderPath }: Props) {
  const state = useStore(loginState);
  const [strategy, setStrategy] = useState<AuthState['strategy']>('myAccount');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!state.open) return;
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && login('hide');
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [state.open, state.changePassword, strategy]);

  if (!state.open) return null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setBusy(true);
    setError(false);
    try {
      const field = (name: string) => String(f.get(name) ?? '');
      const res =
        strategy === 'myAccount'
          ? await logIn('myAccount', { email: field('email'), password: field('password') })
          : await logIn('myOrder', { order_id: field('order_id'), email: field('email') });
      if (!res.ok || !res.data?.access_token) throw new Error('login failed');
      const user: AuthUser | null = res.data.user ?? (await whoAmI(strategy, res.data.access_token)) ?? null;
      auth.set({ strategy, accessToken: res.data.access_token, refreshToken: res.data.refresh_token, user });
      login('hide');
      if (user && 'scope' in user) location.assign(orderPath.replace('__id__', encodeURIComponent(String(user.order_id))));
      else location.assign(ordersHref);
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-dialog" onClick={(e) => e.target === e.currentTarget && login('hide')}>
      <div
        className="login-dialog__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-title"
        data-testid="login-dialog"
        data-view={state.changePassword ? 'change-password' : strategy}
      >
        {state.changePassword ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              login('hide-change-password');
              login('hide');
            }}
          >
            <h2 id="login-title">{t.changePassword}</h2>
            <label>
              {t.newPassword}
              <input ref={first} type="password" name="password" autoComplete="new-password" minLength={8} required />
            </label>
            <button className="button" type="submit">
              {t.save}
            </button>
          </form>
        ) : (
          <form onSubmit={submit}>
            <h2 id="login-title">{t.title}</h2>
            <div className="login-dialog__tabs" role="tablist">
              <button
                type="button"
                role="tab"
                className="linkish"
                aria-selected={strategy === 'myAccount'}
                onClick={() => setStrategy('myAccount')}
              >
                {t.title}
              </button>
              <button
                type="button"
                role="tab"
                className="linkish"
                aria-selected={strategy === 'myOrder'}
                onClick={() => setStrategy('myOrder')}
                data-testid="login-my-order"
              >
                {t.myOrder}
              </button>
            </div>
            {strategy === 'myOrder' && (
              <label>
                {t.orderNumber}
                <input ref={first} name="order_id" inputMode="numeric" required />
              </label>
            )}
            <label>
              {t.email}
              <input ref={strategy === 'myAccount' ? first : undefined} type="email" name="email" autoComplete="email" required />
            </label>
            {strategy === 'myAccount' && (
              <label>
                {t.password}
                <input type="password" name="password" autoComplete="current-password" required />
              </label>
            )}
            {error && (
              <p className="notice notice--danger" role="alert">
                {t.error}
              </p>
            )}
            <button className="button" type="submit" disabled={busy}>
              {t.submit}
            </button>
          </form>
        )}
        <button type="button" className="linkish" onClick={() => login('hide')}>
          {t.close}
        </button>
      </div>
    </div>
  );
}
