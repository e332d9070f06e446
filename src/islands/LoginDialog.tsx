/**
 * Login dialog (docs/product/accounts.md#login-dialog): the myAccount strategy (e-mail + password) and myOrder
 * for guest order access (order number + e-mail); forgot password, e-mail me a login link and create an
 * account (each mails a one-time link and answers alike whether the e-mail has an account); the change view
 * (current password + new, or — opened by the `set_password` query — the e-mailed token + new).
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { staysAfterLogin } from '#lib/account/client-rules.ts';
import { orderLoginRequest } from '#lib/account/order-login.ts';
import { PASSWORD_MIN_LENGTH, type AuthUser, type OrderUser } from '#lib/api/auth-contracts.ts';
import { signedIn } from '#stores/auth.ts';
import { login, loginState } from '#stores/ui.ts';
import { changePassword, forgotPassword, logIn, register, requestLoginLink, setPassword } from '#api-client/auth.ts';

interface Strings {
  title: string;
  myOrder: string;
  email: string;
  /** The my-order tab's second field: the e-mail or the postal code of the order's address. */
  emailOrPostalCode: string;
  password: string;
  orderNumber: string;
  submit: string;
  error: string;
  changePassword: string;
  newPassword: string;
  save: string;
  close: string;
  forgotPassword: string;
  forgotTitle: string;
  forgotIntro: string;
  loginLink: string;
  loginLinkTitle: string;
  loginLinkIntro: string;
  sendLink: string;
  linkSent: string;
  createAccount: string;
  registerIntro: string;
  registerSent: string;
  name: string;
  backToLogin: string;
  currentPassword: string;
  passwordHint: string;
  passwordChanged: string;
  setPasswordTitle: string;
  linkRefused: string;
  wrongPassword: string;
  loginFirst: string;
  failed: string;
}
interface Props {
  t: Strings;
  ordersHref: string;
  orderPath: string;
}

type View = 'myAccount' | 'myOrder' | 'forgot' | 'link' | 'register';

/** Where a fresh session goes: the personal page the visitor is on (reloaded), else their orders or order. */
function goOn(user: AuthUser | OrderUser, ordersHref: string, orderPath: string): void {
  if (staysAfterLogin(location.pathname)) location.reload();
  else if ('scope' in user) location.assign(orderPath.replace('__id__', encodeURIComponent(user.order_id)));
  else location.assign(ordersHref);
}

export default function LoginDialog({ t, ordersHref, orderPath }: Props) {
  const state = useStore(loginState);
  const [view, setView] = useState<View>('myAccount');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const changeView = state.changePassword;

  useEffect(() => {
    if (!state.open) {
      // a closed dialog opens afresh: the login view, no leftover message
      setView('myAccount');
      setError(null);
      setDone(null);
      return;
    }
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && login('hide');
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [state.open, changeView, view, done]);

  if (!state.open) return null;

  const switchTo = (next: View) => {
    setView(next);
    setError(null);
    setDone(null);
  };

  /** Runs a form's call: busy while it runs, its error text (or a generic one) when it fails. */
  const run = (e: FormEvent<HTMLFormElement>, call: (field: (name: string) => string) => Promise<string | null>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const field = (name: string) => String(f.get(name) ?? '');
    setBusy(true);
    setError(null);
    call(field)
      .then(setError, () => setError(t.failed))
      .finally(() => setBusy(false));
  };

  const submitLogin = (e: FormEvent<HTMLFormElement>) =>
    run(e, async (field) => {
      const res =
        view === 'myAccount'
          ? await logIn('myAccount', { email: field('email'), password: field('password') })
          : await logIn('myOrder', orderLoginRequest(field('order_id'), field('email')));
      if (!res.ok || !res.data?.user) return t.error;
      signedIn(res.data.user, res.data.expires_in);
      login('hide');
      goOn(res.data.user, ordersHref, orderPath);
      return null;
    });

  const submitLinkRequest = (e: FormEvent<HTMLFormElement>) =>
    run(e, async (field) => {
      const email = field('email');
      const res =
        view === 'register'
          ? await register({ email, name: field('name') })
          : view === 'link'
            ? await requestLoginLink(email)
            : await forgotPassword(email);
      if (res.status !== 202) return t.failed;
      setDone(view === 'register' ? t.registerSent : t.linkSent);
      return null;
    });

  const submitChange = (e: FormEvent<HTMLFormElement>) =>
    run(e, async (field) => {
      const password = field('password');
      if (state.token) {
        const res = await setPassword(state.token, password);
        if (!res.ok || !res.data?.user) return t.linkRefused;
        signedIn(res.data.user, res.data.expires_in);
        login('hide');
        goOn(res.data.user, ordersHref, orderPath);
        return null;
      }
      const res = await changePassword({ current_password: field('current_password'), password });
      if (res.status === 401) {
        const code = (res.data as { error?: { code?: string } } | undefined)?.error?.code;
        return code === 'invalid_credentials' ? t.wrongPassword : t.loginFirst;
      }
      if (!res.ok) return t.failed;
      setDone(t.passwordChanged);
      return null;
    });

  const notice = (text: string | null, role: 'alert' | 'status', testId: string): ReactNode =>
    text && (
      <p className={`notice ${role === 'alert' ? 'notice--danger' : 'notice--success'}`} role={role} data-testid={testId}>
        {text}
      </p>
    );

  const submitButton = (label: string) => (
    <button className="button" type="submit" disabled={busy}>
      {label}
    </button>
  );

  const back = (
    <button type="button" className="linkish" onClick={() => switchTo('myAccount')} data-testid="login-back">
      {t.backToLogin}
    </button>
  );

  const newPassword = (
    <>
      <label>
        {t.newPassword}
        <input
          ref={state.token ? first : undefined}
          type="password"
          name="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={256}
          required
          aria-describedby="login-password-hint"
        />
      </label>
      <small id="login-password-hint">{t.passwordHint}</small>
    </>
  );

  let body: ReactNode;
  let dataView: string = view;
  if (changeView) {
    dataView = state.token ? 'set-password' : 'change-password';
    body = done ? (
      notice(done, 'status', 'login-done')
    ) : (
      <form onSubmit={submitChange}>
        <h2 id="login-title">{state.token ? t.setPasswordTitle : t.changePassword}</h2>
        {!state.token && (
          <label>
            {t.currentPassword}
            <input ref={first} type="password" name="current_password" autoComplete="current-password" required />
          </label>
        )}
        {newPassword}
        {notice(error, 'alert', 'login-error')}
        {submitButton(t.save)}
        {state.token && error && (
          <button
            type="button"
            className="linkish"
            data-testid="login-new-link"
            onClick={() => {
              // a used or expired link: ask for a fresh one (forgot password)
              login('hide-change-password');
              switchTo('forgot');
            }}
          >
            {t.forgotPassword}
          </button>
        )}
      </form>
    );
  } else if (view === 'forgot' || view === 'link' || view === 'register') {
    const title = view === 'register' ? t.createAccount : view === 'link' ? t.loginLinkTitle : t.forgotTitle;
    const intro = view === 'register' ? t.registerIntro : view === 'link' ? t.loginLinkIntro : t.forgotIntro;
    body = (
      <>
        <h2 id="login-title">{title}</h2>
        {done ? (
          notice(done, 'status', 'login-done')
        ) : (
          <form onSubmit={submitLinkRequest}>
            <p className="login-dialog__intro">{intro}</p>
            {view === 'register' && (
              <label>
                {t.name}
                <input ref={first} name="name" autoComplete="name" maxLength={120} required />
              </label>
            )}
            <label>
              {t.email}
              <input
                ref={view === 'register' ? undefined : first}
                type="email"
                name="email"
                autoComplete="email"
                maxLength={254}
                required
              />
            </label>
            {notice(error, 'alert', 'login-error')}
            {submitButton(view === 'register' ? t.createAccount : t.sendLink)}
          </form>
        )}
        {back}
      </>
    );
  } else {
    body = (
      <form onSubmit={submitLogin}>
        <h2 id="login-title">{t.title}</h2>
        {notice(state.notice === 'link_refused' ? t.linkRefused : null, 'alert', 'login-notice')}
        <div className="login-dialog__tabs" role="tablist">
          <button type="button" role="tab" className="linkish" aria-selected={view === 'myAccount'} onClick={() => switchTo('myAccount')}>
            {t.title}
          </button>
          <button
            type="button"
            role="tab"
            className="linkish"
            aria-selected={view === 'myOrder'}
            onClick={() => switchTo('myOrder')}
            data-testid="login-my-order"
          >
            {t.myOrder}
          </button>
        </div>
        {view === 'myOrder' && (
          <label>
            {t.orderNumber}
            <input ref={first} name="order_id" inputMode="numeric" required />
          </label>
        )}
        <label>
          {view === 'myOrder' ? t.emailOrPostalCode : t.email}
          <input
            ref={view === 'myAccount' ? first : undefined}
            type={view === 'myOrder' ? 'text' : 'email'}
            name="email"
            autoComplete="email"
            required
          />
        </label>
        {view === 'myAccount' && (
          <label>
            {t.password}
            <input type="password" name="password" autoComplete="current-password" required />
          </label>
        )}
        {notice(error, 'alert', 'login-error')}
        {submitButton(t.submit)}
        {view === 'myAccount' && (
          <p className="login-dialog__more">
            <button type="button" className="linkish" onClick={() => switchTo('forgot')} data-testid="login-forgot">
              {t.forgotPassword}
            </button>
            <button type="button" className="linkish" onClick={() => switchTo('link')} data-testid="login-link">
              {t.loginLink}
            </button>
            <button type="button" className="linkish" onClick={() => switchTo('register')} data-testid="login-register">
              {t.createAccount}
            </button>
          </p>
        )}
      </form>
    );
  }

  return (
    <div className="login-dialog" onClick={(e) => e.target === e.currentTarget && login('hide')}>
      <div
        className="login-dialog__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-title"
        data-testid="login-dialog"
        data-view={dataView}
      >
        {body}
        <button type="button" className="linkish" onClick={() => login('hide')}>
          {t.close}
        </button>
      </div>
    </div>
  );
}
