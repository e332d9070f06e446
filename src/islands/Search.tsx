/**
 * Product search (SPEC §4 Search): starts after more than 1 trimmed character, debounced 250 ms;
 * a dropdown of search-trigger hints and products (thumb, name, price); a result goes to the product,
 * Enter submits the form to the search results page with q.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { LocaleCode } from '../lib/locales.ts';
import type { PriceObject, Thumb } from '../lib/catalogue.ts';
import { unitPrice } from '../lib/pricing-tiers.ts';
import { getJson } from '../stores/api.ts';
import { cart } from '../stores/cart.ts';
import { providers } from '../stores/experiment.ts';
import { useMounted } from './use-mounted.ts';
import { money, PLACEHOLDER, productHref } from './format.ts';

export const SEARCH_DEBOUNCE_MS = 250;
interface Hit { name: string; slug: string; sku: string; thumb: Thumb | null; prices: PriceObject; vat: number }
interface Hint { id: number; hint: string; url: string; url_title: string }
interface Strings { placeholder: string; hints: string; products: string; empty: string; all: string }
interface Props { locale: LocaleCode; action: string; productPath: string; allowExVAT: boolean; t: Strings }

export default function Search({ locale, action, productPath, allowExVAT, t }: Props) {
  const mounted = useMounted();
  const { vat } = useStore(cart);
  const showVat = !allowExVAT || !mounted || vat;
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [hints, setHints] = useState<Hint[]>([]);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const term = q.trim();
    if (term.length <= 1) { setHits(null); setHints([]); return; }
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      const init = { signal: ctl.signal };
      getJson<{ products: Hit[] }>('/api/products', { query: term, nc: 'true', co: 'true', provider: providers().searchProvider }, init)
        .then((r) => { setHits(r.ok && r.data ? r.data.products.slice(0, 8) : []); setOpen(true); })
        .catch(() => { /* aborted or offline */ });
      getJson<Hint[]>('/api/search-triggers', { query: term }, init)
        .then((r) => setHints(r.ok && Array.isArray(r.data) ? r.data : []))
        .catch(() => {});
    }, SEARCH_DEBOUNCE_MS);
    return () => { clearTimeout(timer); ctl.abort(); };
  }, [q]);

  useEffect(() => {
    const onDoc = (e: Event) => { if (!root.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('click', onDoc);
    return () => document.removeEventListener('click', onDoc);
  }, []);

  const show = open && q.trim().length > 1 && hits !== null;
  return (
    <form ref={root} className="search" role="search" action={action} method="get" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <input
        type="search" name="q" minLength={2} placeholder={t.placeholder} aria-label={t.placeholder} autoComplete="off"
        data-testid="search-input" value={q} onChange={(e) => setQ(e.currentTarget.value)} onFocus={() => setOpen(true)}
        aria-expanded={show} aria-controls="search-dropdown"
      />
      {show && (
        <div id="search-dropdown" className="search__dropdown" data-testid="search-dropdown">
          {hints.length > 0 && (
            <>
              <h3>{t.hints}</h3>
              <ul>{hints.map((h) => <li key={h.id} className="search__hint" data-testid="search-hint">{h.hint} <a href={h.url}>{h.url_title}</a></li>)}</ul>
            </>
          )}
          {hits.length === 0 ? <p className="search__empty" data-testid="search-empty">{t.empty}</p> : (
            <>
              <h3>{t.products}</h3>
              <ul>
                {hits.map((p) => (
                  <li key={p.sku} className="search__result" data-testid="search-result">
                    <a href={productHref(productPath, p.slug)}>
                      <img src={p.thumb?.url ?? PLACEHOLDER} alt="" width={40} height={40} loading="lazy" />
                      <span>{p.name}</span>
                      <strong>{money(unitPrice(p.prices, 1), p.vat, showVat, locale)}</strong>
                    </a>
                  </li>
                ))}
              </ul>
              <p className="search__empty"><button type="submit" className="linkish">{t.all}</button></p>
            </>
          )}
        </div>
      )}
    </form>
  );
}
