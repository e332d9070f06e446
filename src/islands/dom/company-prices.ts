/**
 * A company member's prices on static pages (docs/product/company-prices.md#shown): once the visitor is logged in,
 * the page's SKUs (data-price-sku of its prices) are sent to POST /api/company-prices and the answer — the company's
 * percentages and price-list prices — is kept for the page's price re-render. A member sees prices ex VAT by default:
 * switched once per browser session where the storefront allows it, so their own switch afterwards stays.
 */
import { atom } from 'nanostores';
import type { CompanyPricesResponse } from '#lib/api/company-price-contracts.ts';
import { COMPANY_PRICES_MAX_SKUS } from '#lib/company/company-prices.ts';
import { fetchCompanyPrices } from '#api-client/company-prices.ts';

export type CompanyTerms = NonNullable<CompanyPricesResponse['company']>;

export const companyTerms = atom<CompanyTerms | null>(null);

const EX_VAT_KEY = 'td02:company-ex-vat';
let asked = '';

function firstTimeThisSession(): boolean {
  try {
    if (sessionStorage.getItem(EX_VAT_KEY) === '1') return false;
    sessionStorage.setItem(EX_VAT_KEY, '1');
    return true;
  } catch {
    return false;
  }
}

/** Asks for the terms of the page's SKUs (again only when they changed); logged out: none. */
export function loadCompanyTerms(loggedIn: boolean, allowExVat: boolean, setExVat: () => void): void {
  if (!loggedIn) {
    asked = '';
    if (companyTerms.get()) companyTerms.set(null);
    return;
  }
  const skus = [
    ...new Set(
      [...document.querySelectorAll<HTMLElement>('[data-testid="price"][data-price-sku]')]
        .map((el) => el.dataset.priceSku ?? '')
        .filter(Boolean),
    ),
  ].slice(0, COMPANY_PRICES_MAX_SKUS);
  const key = skus.join('\n');
  if (key === asked) return;
  asked = key;
  void fetchCompanyPrices(skus)
    .then((r) => {
      const terms = r.ok ? (r.data?.company ?? null) : null;
      if (terms?.ex_vat && allowExVat && firstTimeThisSession()) setExVat();
      companyTerms.set(terms);
    })
    .catch(() => undefined); // no terms: the list prices and the customer's own discounts stay shown
}
