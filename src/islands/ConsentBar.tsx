/**
 * Cookie consent bar (SPEC §4): cookies disabled → nothing; a saved value is applied silently;
 * otherwise the intro with accept-all, reject and settings. Choices go to Consent Mode v2 (the
 * denied defaults are set by the inline script in <head>) and to the __consent cookie.
 */
import { useEffect, useState } from 'react';
import { allowAll, consentCookie, consentModeSignals, fromChoices, readConsent, rejectAll } from '../lib/consent-flags.ts';
import { getJson } from '../stores/api.ts';

interface Strings {
  title: string; intro: string; settings: string; acceptAll: string; reject: string; save: string;
  necessary: string; analytics: string; ads: string; personalization: string; privacy: string;
}
interface Props { t: Strings; privacyURL: string }
type View = 'hidden' | 'intro' | 'settings';

declare global { interface Window { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void } }

export function applyConsent(value: number): void {
  const gtag = window.gtag ?? function gtag() { (window.dataLayer ??= []).push(arguments); };
  gtag('consent', 'update', consentModeSignals(value));
  (window.dataLayer ??= []).push({ event: 'consent_update', consent: value });
}

export default function ConsentBar({ t, privacyURL }: Props) {
  const [view, setView] = useState<View>('hidden');
  const [intro, setIntro] = useState<string>();
  const [choice, setChoice] = useState({ adStorage: false, analyticsStorage: false, adPersonalization: false });

  useEffect(() => {
    try {
      if (!navigator.cookieEnabled) return;
      const saved = readConsent(document.cookie);
      if (saved !== undefined) return; // the <head> script already applied it
      setView('intro');
      getJson<{ content: string; hidden: boolean }>('/api/widget-by-slug/cookie-alert')
        .then((r) => r.ok && r.data && !r.data.hidden && r.data.content && setIntro(r.data.content)).catch(() => {});
    } catch { /* consent handling fails silently (SPEC §8) */ }
  }, []);

  const decide = (value: number) => {
    try {
      document.cookie = consentCookie(value);
      applyConsent(value);
    } catch { /* silent */ }
    setView('hidden');
  };
  if (view === 'hidden') return null;
  const box = (key: keyof typeof choice, label: string) => (
    <label><input type="checkbox" checked={choice[key]} onChange={(e) => setChoice({ ...choice, [key]: e.currentTarget.checked })} data-testid={`consent-${key}`} /> {label}</label>
  );
  return (
    <section className="consent-bar" role="dialog" aria-label={t.title} data-testid="consent-bar" data-view={view}>
      <div className="consent-bar__inner">
        <div className="consent-bar__text">
          <h2>{t.title}</h2>
          {intro ? <div dangerouslySetInnerHTML={{ __html: intro }} /> : <p>{t.intro}</p>}
          <p><a href={privacyURL}>{t.privacy}</a></p>
        </div>
        {view === 'settings' && (
          <fieldset className="consent-bar__settings" data-testid="consent-settings">
            <label><input type="checkbox" checked disabled /> {t.necessary}</label>
            {box('analyticsStorage', t.analytics)}
            {box('adStorage', t.ads)}
            {box('adPersonalization', t.personalization)}
          </fieldset>
        )}
        <div className="consent-bar__actions">
          {view === 'intro'
            ? <button type="button" className="button button--ghost" onClick={() => setView('settings')} data-testid="consent-settings-open">{t.settings}</button>
            : <button type="button" className="button button--ghost" onClick={() => decide(fromChoices(choice))} data-testid="consent-save">{t.save}</button>}
          <button type="button" className="button button--ghost" onClick={() => decide(rejectAll())} data-testid="consent-reject">{t.reject}</button>
          <button type="button" className="button" onClick={() => decide(allowAll())} data-testid="consent-accept-all">{t.acceptAll}</button>
        </div>
      </div>
    </section>
  );
}
