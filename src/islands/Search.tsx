/**
 * Product search dropdown (docs/product/search.md#search-box), mounted on the first focus of the static search form's
 * input: starts after more than 1 trimmed character, debounced 250 ms; appliance models matching the query first
 * (docs/product/parts-finder.md#model-search), each a link to its model page; search-trigger hints and products
 * (thumb, name, price; a campaign's prior price struck and named, docs/adr/0022-prior-price.md); completions of the word being typed and, when nothing is found, did-you-mean (both link
 * to the results page); a result goes to the product; Enter submits the form (results page with q).
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { LocaleCode } from '#lib/market/locales.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { announcedReduction, priorPricesFromList } from '#lib/pricing/prior-price.ts';
import { searchModels, searchProducts, searchSuggestions, searchTriggers } from '#api-client/catalogue.ts';
import type { ModelHit, ProductSearchResult, SearchSuggestions, SearchTriggerHint } from '#lib/api/catalogue-contracts.ts';
import { cart } from '#stores/cart.ts';
import { providers } from '#stores/experiment.ts';
import { money, PLACEHOLDER, productHref } from './format.ts';
import { partNumberNote, type NoteTemplates } from '#lib/catalogue/part-number-note.ts';
import LoadingIndicator from './LoadingIndicator.tsx';

export const SEARCH_DEBOUNCE_MS = 250;
const NO_SUGGESTIONS: SearchSuggestions = { completions: [], did_you_mean: null };
const resultsHref = (path: string, q: string) => `${path}?q=${encodeURIComponent(q)}`;
type Hit = Pick<
  ProductSearchResult,
  'name' | 'slug' | 'sku' | 'thumb' | 'prices' | 'prior_prices' | 'vat' | 'matched_number' | 'replaced_by'
>;
interface Strings {
  placeholder: string;
  hints: string;
  products: string;
  empty: string;
  all: string;
  /** The loading indicator while a query's products are asked for, for screen readers. */
  loading: string;
  suggestions: string;
  didYouMean: string;
  /** The heading of the models group (model_search.group). */
  models: string;
  /** The label of the prior-price line (product.prior_price). */
  priorPrice: string;
  /** "ersätter …", "ersatt av …" (docs/product/parts-finder.md#part-numbers). */
  notes: NoteTemplates;
}
export interface SearchProps {
  locale: LocaleCode;
  productPath: string;
  resultsPath: string;
  allowExVAT: boolean;
  t: Strings;
}
interface Props extends SearchProps {
  input: HTMLInputElement;
}

export default function Search({ input, locale, productPath, resultsPath, allowExVAT, t }: Props) {
  const { vat } = useStore(cart);
  const showVat = !allowExVAT || vat;
  const [q, setQ] = useState(input.value);
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [hints, setHints] = useState<SearchTriggerHint[]>([]);
  const [suggested, setSuggested] = useState<SearchSuggestions>(NO_SUGGESTIONS);
  const [models, setModels] = useState<ModelHit[]>([]);
  const [open, setOpen] = useState(false);
  // the products request of the newest query is in flight (docs/product/client-state.md#loading-states)
  const [searching, setSearching] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const term = q.trim();
    if (term.length <= 1) {
      setHits(null);
      setHints([]);
      setSuggested(NO_SUGGESTIONS);
      setModels([]);
      return;
    }
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      setSearching(true);
      searchProducts(term, providers().searchProvider, ctl.signal)
        .then((r) => {
          setHits(r.ok && r.data ? r.data.products.slice(0, 8) : []);
          setOpen(true);
        })
        .catch(() => {
          /* aborted or offline */
        })
        .finally(() => !ctl.signal.aborted && setSearching(false));
      searchTriggers(term, ctl.signal)
        .then((r) => setHints(r.ok && Array.isArray(r.data) ? r.data : []))
        .catch(() => {});
      searchSuggestions(term, ctl.signal)
        .then((r) => setSuggested(r.ok && r.data ? r.data : NO_SUGGESTIONS))
        .catch(() => {});
      searchModels(term, ctl.signal)
        .then((r) => setModels(r.ok && r.data && Array.isArray(r.data.models) ? r.data.models : []))
        .catch(() => {});
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
      setSearching(false);
    };
  }, [q]);

  useEffect(() => {
    const onInput = () => {
      setQ(input.value);
      setOpen(true);
    };
    const onFocus = () => setOpen(true);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onDoc = (e: Event) => {
      if (e.target !== input && !root.current?.contains(e.target as Node)) setOpen(false);
    };
    input.addEventListener('input', onInput);
    input.addEventListener('focus', onFocus);
    input.addEventListener('keydown', onKey);
    document.addEventListener('click', onDoc);
    // typing between the first render and these listeners must not be lost
    setQ(input.value);
    setOpen(true);
    return () => {
      input.removeEventListener('input', onInput);
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onDoc);
    };
  }, [input]);

  const show = open && q.trim().length > 1 && hits !== null;
  // one tree for both states: the indicator must not remount when the dropdown appears
  return (
    <>
      <LoadingIndicator loading={searching && open} label={t.loading} testId="search-loading" className="search__loading" />
      {show && (
        <div ref={root}>
          <div id="search-dropdown" className="search__dropdown" data-testid="search-dropdown">
            {models.length > 0 && (
              <div data-testid="search-models">
                <h3>{t.models}</h3>
                <ul>
                  {models.map((m) => (
                    <li key={m.id} className="search__hint">
                      <a href={m.url} data-testid="search-model">
                        {m.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {hints.length > 0 && (
              <>
                <h3>{t.hints}</h3>
                <ul>
                  {hints.map((h) => (
                    <li key={h.id} className="search__hint" data-testid="search-hint">
                      {h.hint} <a href={h.url}>{h.url_title}</a>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {suggested.completions.length > 0 && (
              <>
                <h3>{t.suggestions}</h3>
                <ul>
                  {suggested.completions.map((c) => (
                    <li key={c} className="search__hint" data-testid="search-completion">
                      <a href={resultsHref(resultsPath, c)}>{c}</a>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {hits.length === 0 ? (
              <>
                <p className="search__empty" data-testid="search-empty">
                  {t.empty}
                </p>
                {suggested.did_you_mean && (
                  <p className="search__empty" data-testid="search-did-you-mean">
                    {t.didYouMean} <a href={resultsHref(resultsPath, suggested.did_you_mean)}>{suggested.did_you_mean}</a>
                  </p>
                )}
              </>
            ) : (
              <>
                <h3>{t.products}</h3>
                <ul>
                  {hits.map((p) => {
                    // a reduction is announced only with its prior price (docs/adr/0022-prior-price.md)
                    const reduction = announcedReduction(p.prices, priorPricesFromList(p.prior_prices ?? []), 1);
                    const prior = reduction && money(reduction.prior, p.vat, showVat, locale);
                    const note = partNumberNote(t.notes, p);
                    return (
                      <li key={p.sku} className="search__result" data-testid="search-result">
                        <a href={productHref(productPath, p.slug)}>
                          <img src={p.thumb?.url ?? PLACEHOLDER} alt="" width={40} height={40} loading="lazy" />
                          <span>
                            {p.name}
                            {note && (
                              <span className="search__note" data-testid="search-result-note">
                                {note}
                              </span>
                            )}
                            {prior && (
                              <span className="price__prior" data-testid="prior-price">
                                {t.priorPrice}: <span className="price__prior-amount">{prior}</span>
                              </span>
                            )}
                          </span>
                          <span className="search__price">
                            <strong>{money(unitPrice(p.prices, 1), p.vat, showVat, locale)}</strong>
                            {prior && <s className="price__ordinary">{prior}</s>}
                          </span>
                        </a>
                      </li>
                    );
                  })}
                </ul>
                <p className="search__empty">
                  <button type="submit" className="linkish">
                    {t.all}
                  </button>
                </p>
              </>
            )}
          </div>
        </div>
      )}
    </>
  );
}
