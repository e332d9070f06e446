/**
 * The locale cookie (docs/product/tracking.md#locale-cookie): a click on another storefront in the language
 * switcher remembers it for 365 days — only with the preferences consent. On a later visit to this storefront
 * a small bar offers the remembered one (go there, or stay, which remembers this one). Without the consent
 * (never given, withdrawn, expired) a stored cookie is deleted and nothing is offered.
 */
import { isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';
import { clearedLocaleCookie, localeCookie, readLocaleCookie, rememberedElsewhere } from '#lib/tracking/locale-cookie.ts';
import { onConsentChange, permissions } from './tracking-consent.ts';

export interface LocaleHintStrings {
  hint: string;
  go: string;
  stay: string;
  label: string;
}

const https = () => location.protocol === 'https:';

function remember(locale: LocaleCode): void {
  document.cookie = localeCookie(locale, https());
}

function offer(current: LocaleCode, t: LocaleHintStrings): void {
  const other = rememberedElsewhere(document.cookie, current);
  const link = other ? document.querySelector<HTMLAnchorElement>(`[data-testid="language-switcher"] a[data-locale="${other}"]`) : null;
  if (!other || !link) return;
  const name = link.querySelector('.lang-switcher__name')?.textContent?.trim() ?? other;
  const bar = document.createElement('section');
  bar.className = 'locale-hint';
  bar.setAttribute('aria-label', t.label);
  bar.dataset.testid = 'locale-hint';
  const text = document.createElement('p');
  text.textContent = t.hint.replace('{{name}}', name);
  const go = document.createElement('a');
  go.className = 'button';
  go.href = link.href;
  go.hreflang = link.hreflang;
  go.dataset.testid = 'locale-hint-go';
  go.textContent = t.go.replace('{{name}}', name);
  const stay = document.createElement('button');
  stay.type = 'button';
  stay.className = 'button button--ghost';
  stay.dataset.testid = 'locale-hint-stay';
  stay.textContent = t.stay;
  stay.addEventListener('click', () => {
    remember(current);
    bar.remove();
  });
  bar.append(text, go, stay);
  document.body.append(bar);
}

export function watchLocaleCookie(current: LocaleCode, t: LocaleHintStrings | undefined): void {
  const forgetWithoutConsent = () => {
    if (!permissions().preferences && readLocaleCookie(document.cookie)) document.cookie = clearedLocaleCookie();
  };
  forgetWithoutConsent();
  onConsentChange(forgetWithoutConsent);
  document.querySelector('[data-testid="language-switcher"]')?.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest<HTMLAnchorElement>('a[data-locale]');
    const chosen = a?.dataset.locale;
    if (isLocaleCode(chosen) && permissions().preferences) remember(chosen);
  });
  if (t && permissions().preferences) offer(current, t);
}
