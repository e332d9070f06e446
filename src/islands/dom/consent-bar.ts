/**
 * Cookie consent bar (docs/product/consent.md#consent-bar), plain DOM so a first visit does not load React: cookies disabled →
 * nothing; a saved value was applied silently in <head>; otherwise the intro with settings, reject
 * (save with nothing ticked) and accept-all, and the settings view. Choices go to the __consent cookie and Consent Mode v2.
 */
import { allowAll, consentCookie, consentModeSignals, fromChoices, readConsent, type ConsentChoices } from '#lib/consent/flags.ts';

interface Strings {
  title: string;
  intro: string;
  settings: string;
  acceptAll: string;
  reject: string;
  save: string;
  necessary: string;
  analytics: string;
  ads: string;
  personalization: string;
  privacy: string;
}
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export function applyConsent(value: number): void {
  const gtag =
    window.gtag ??
    function gtag() {
      (window.dataLayer ??= []).push(arguments);
    };
  gtag('consent', 'update', consentModeSignals(value));
  (window.dataLayer ??= []).push({ event: 'consent_update', consent: value });
  dispatchEvent(new CustomEvent('pf:consent', { detail: value })); // tracking follows the choice (src/islands/dom/tracking-consent.ts)
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

export function showConsentBar(): void {
  try {
    if (!navigator.cookieEnabled || readConsent(document.cookie) !== undefined) return;
    const props = JSON.parse(document.getElementById('pf-consent-props')?.textContent ?? 'null') as {
      t: Strings;
      privacyURL: string;
      introHtml?: string;
    } | null;
    if (!props) return;
    const { t, privacyURL, introHtml } = props;
    const choice: ConsentChoices = { adStorage: false, analyticsStorage: false, adPersonalization: false };
    // the editor's intro text (cookie-alert widget), sanitized on the server and in the page since the build
    const intro = introHtml ? el('div') : el('p', {}, t.intro);
    if (introHtml) intro.innerHTML = introHtml;
    const bar = el('section', {
      class: 'consent-bar',
      role: 'dialog',
      'aria-label': t.title,
      'data-testid': 'consent-bar',
      'data-view': 'intro',
    });
    const decide = (value: number) => {
      try {
        document.cookie = consentCookie(value);
        applyConsent(value);
      } catch {
        /* silent (docs/product/errors.md#silent-failures) */
      }
      bar.remove();
    };
    const button = (label: string, id: string, primary: boolean, onClick: () => void) => {
      const b = el('button', { type: 'button', class: primary ? 'button' : 'button button--ghost', 'data-testid': id }, label);
      b.addEventListener('click', onClick);
      return b;
    };
    const box = (key: keyof ConsentChoices, label: string) => {
      const input = el('input', { type: 'checkbox', 'data-testid': `consent-${key}` });
      input.addEventListener('change', () => {
        choice[key] = input.checked;
      });
      return el('label', {}, input, ` ${label}`);
    };
    const necessary = el('input', { type: 'checkbox', checked: '', disabled: '' });
    const settings = el(
      'fieldset',
      { class: 'consent-bar__settings', 'data-testid': 'consent-settings', hidden: '' },
      el('label', {}, necessary, ` ${t.necessary}`),
      box('analyticsStorage', t.analytics),
      box('adStorage', t.ads),
      box('adPersonalization', t.personalization),
    );
    // One save button: on the first layer it saves Necessary only (the reject option); in the settings
    // view it saves what is ticked.
    const save = button(t.reject, 'consent-save', false, () => decide(fromChoices(choice)));
    const open = button(t.settings, 'consent-settings-open', false, () => {
      settings.hidden = false;
      open.hidden = true;
      save.textContent = t.save;
      bar.dataset.view = 'settings';
    });
    bar.append(
      el(
        'div',
        { class: 'consent-bar__inner' },
        el('div', { class: 'consent-bar__text' }, el('h2', {}, t.title), intro, el('p', {}, el('a', { href: privacyURL }, t.privacy))),
        settings,
        el(
          'div',
          { class: 'consent-bar__actions' },
          open,
          save,
          button(t.acceptAll, 'consent-accept-all', true, () => decide(allowAll())),
        ),
      ),
    );
    document.body.append(bar);
  } catch {
    /* consent handling fails silently (docs/product/errors.md#silent-failures) */
  }
}
