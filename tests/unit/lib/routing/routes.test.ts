import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import {
  alternatesFor,
  internalPathFor,
  localizedRouteName,
  matchInternalPath,
  matchPublicPath,
  pathFor,
  ROUTE_NAMES,
  ROUTES,
  type RouteName,
  type RouteParams,
} from '#lib/routing/routes.ts';

/** docs/product/routes.md#route-table, written out by hand: route × locale → public path for sample params. */
const EXPECTED: Record<RouteName, { params: RouteParams; paths: Record<LocaleCode, string> }> = (() => {
  const same = (p: string) => ({ sv: p, no: p, da: p, fi: p, nl: p });
  return {
    index: { params: {}, paths: same('/') },
    'christmas-calendar': {
      params: {},
      paths: { sv: '/julkalender', no: '/julekalender', da: '/julekalender', fi: '/joulukalenteri', nl: '/kerstkalender' },
    },
    'my-account': { params: {}, paths: same('/my-account') },
    'my-account-orders': { params: {}, paths: same('/my-account/orders') },
    'my-account-returns': { params: {}, paths: same('/my-account/returns') },
    'my-account-subscriptions': { params: {}, paths: same('/my-account/subscriptions') },
    'my-account-quick-order': { params: {}, paths: same('/my-account/quick-order') },
    'my-account-company': { params: {}, paths: same('/my-account/company') },
    'my-account-quotes': { params: {}, paths: same('/my-account/quotes') },
    'my-account-lists': { params: {}, paths: same('/my-account/lists') },
    'my-account-profile-edit': { params: {}, paths: same('/my-account/profile/edit') },
    'my-account-orders-return-id': { params: { id: '77' }, paths: same('/my-account/orders/return/77') },
    'my-account-orders-id': { params: { id: '100123' }, paths: same('/my-account/orders/100123') },
    'my-order-return-id': { params: { id: '12' }, paths: same('/my-order/return/12') },
    'my-order-id': { params: { id: '12' }, paths: same('/my-order/12') },
    'page-preview': { params: {}, paths: same('/page-preview') },
    searchresults: { params: {}, paths: { ...same('/searchresults'), sv: '/sok' } },
    unsubscribe: { params: {}, paths: same('/unsubscribe') },
    'back-in-stock': {
      params: {},
      paths: { sv: '/bevakning', no: '/lagervarsel', da: '/lagerbesked', fi: '/saatavuusilmoitus', nl: '/voorraadmelding' },
    },
    'checkout-confirmation-id': { params: { id: 'A1' }, paths: same('/checkout/confirmation/A1') },
    'checkout-failed-id': { params: { id: 'A1' }, paths: same('/checkout/failed/A1') },
    'checkout-invoice-id': { params: { id: 'A1' }, paths: same('/checkout/invoice/A1') },
    'checkout-invoice-id-ubl': { params: { id: 'A1' }, paths: same('/checkout/invoice/A1/e-invoice.xml') },
    'checkout-invoice-id-credit-note': { params: { id: 'A1', note: 'cancel' }, paths: same('/checkout/invoice/A1/credit-notes/cancel') },
    'checkout-id': { params: { id: 'A1' }, paths: same('/checkout/A1') },
    'track-order-id': { params: { id: '99' }, paths: same('/track-order/99') },
    'brand-slug': {
      params: { slug: 'bosch' },
      paths: { sv: '/varumarke/bosch', no: '/varumarke/bosch', da: '/maerke/bosch', fi: '/tavaramerkki/bosch', nl: '/merk/bosch' },
    },
    'product-tag-slug': {
      params: { slug: 'eco' },
      paths: {
        sv: '/produkt-tagg/eco',
        no: '/produkt-stikkord/eco',
        da: '/produkt-tagg/eco',
        fi: '/produkt-tagg/eco',
        nl: '/product-tag/eco',
      },
    },
    product: {
      params: { slug: 'pump-1' },
      paths: { sv: '/produkt/pump-1', no: '/produkt/pump-1', da: '/produkt/pump-1', fi: '/tuote/pump-1', nl: '/product/pump-1' },
    },
    'product-category-all': {
      params: { all: 'kok/diskmaskin/filter' },
      paths: {
        sv: '/kategori/kok/diskmaskin/filter',
        no: '/kategori/kok/diskmaskin/filter',
        da: '/kategori/kok/diskmaskin/filter',
        fi: '/kategoria/kok/diskmaskin/filter',
        nl: '/categorie/kok/diskmaskin/filter',
      },
    },
    'brand-slug-page': {
      params: { slug: 'bosch', page: '2' },
      paths: {
        sv: '/varumarke/bosch/sida/2',
        no: '/varumarke/bosch/side/2',
        da: '/maerke/bosch/side/2',
        fi: '/tavaramerkki/bosch/sivu/2',
        nl: '/merk/bosch/pagina/2',
      },
    },
    'product-tag-slug-page': {
      params: { slug: 'eco', page: '3' },
      paths: {
        sv: '/produkt-tagg/eco/sida/3',
        no: '/produkt-stikkord/eco/side/3',
        da: '/produkt-tagg/eco/side/3',
        fi: '/produkt-tagg/eco/sivu/3',
        nl: '/product-tag/eco/pagina/3',
      },
    },
    'product-category-all-page': {
      params: { all: 'kok/diskmaskin', page: '12' },
      paths: {
        sv: '/kategori/kok/diskmaskin/sida/12',
        no: '/kategori/kok/diskmaskin/side/12',
        da: '/kategori/kok/diskmaskin/side/12',
        fi: '/kategoria/kok/diskmaskin/sivu/12',
        nl: '/categorie/kok/diskmaskin/pagina/12',
      },
    },
    'model-slug-parts': {
      params: { slug: 'bosch-sms46gi01e' },
      paths: {
        sv: '/modell/bosch-sms46gi01e/delar',
        no: '/modell/bosch-sms46gi01e/deler',
        da: '/model/bosch-sms46gi01e/dele',
        fi: '/malli/bosch-sms46gi01e/osat',
        nl: '/model/bosch-sms46gi01e/onderdelen',
      },
    },
    'model-slug': {
      params: { slug: 'bosch-sms46gi01e' },
      paths: {
        sv: '/modell/bosch-sms46gi01e',
        no: '/modell/bosch-sms46gi01e',
        da: '/model/bosch-sms46gi01e',
        fi: '/malli/bosch-sms46gi01e',
        nl: '/model/bosch-sms46gi01e',
      },
    },
    'discount-category': { params: { category: 'filter', discount: 'SAVE10' }, paths: same('/rabatt/filter/SAVE10') },
    discount: { params: { discount: 'SAVE10' }, paths: same('/rabatt/SAVE10') },
    content: { params: { all: 'kundservice/retur' }, paths: same('/kundservice/retur') },
  };
})();

describe('route table', () => {
  it('covers every screen', () => {
    expect(new Set(ROUTE_NAMES)).toEqual(new Set(Object.keys(EXPECTED)));
  });

  for (const name of ROUTE_NAMES) {
    for (const locale of LOCALE_CODES) {
      const { params, paths } = EXPECTED[name];
      it(`${name} × ${locale}: builds ${paths[locale]} and matches it back`, () => {
        expect(pathFor(name, locale, params)).toBe(paths[locale]);
        const m = matchPublicPath(locale, paths[locale]);
        expect(m?.name).toBe(name);
        expect(m?.params).toEqual(params);
        expect(m?.localizedName).toBe(`${name}___${locale}`);
        expect(m?.mode).toBe(ROUTES[name].mode);
        // internal path round trip
        const internal = internalPathFor(name, locale, params);
        expect(m?.internalPath).toBe(internal);
        expect(internal.startsWith(`/${locale}`)).toBe(true);
        expect(matchInternalPath(internal)?.name).toBe(name);
        expect(matchInternalPath(internal)?.params).toEqual(params);
      });
    }
  }

  it('optional ids may be left out', () => {
    expect(pathFor('checkout-id', 'sv')).toBe('/checkout');
    expect(matchPublicPath('sv', '/checkout')?.name).toBe('checkout-id');
    expect(matchPublicPath('fi', '/my-order')?.name).toBe('my-order-id');
    expect(matchPublicPath('fi', '/track-order')?.name).toBe('track-order-id');
  });

  it("an account order and the account's return pages do not take each other's paths", () => {
    expect(matchPublicPath('sv', '/my-account/orders/100123')?.name).toBe('my-account-orders-id');
    expect(matchPublicPath('sv', '/my-account/orders/return')?.name).toBe('my-account-orders-return-id');
    expect(matchPublicPath('sv', '/my-account/orders/return/7')?.name).toBe('my-account-orders-return-id');
    expect(matchPublicPath('sv', '/my-account/orders')?.name).toBe('my-account-orders');
  });

  it('a path of another locale is not that route here', () => {
    expect(matchPublicPath('sv', '/tuote/x')?.name).toBe('content');
    expect(matchPublicPath('fi', '/produkt/x')?.name).toBe('content');
    expect(matchPublicPath('sv', '/searchresults')?.name).toBe('content');
    expect(matchPublicPath('nl', '/sok')?.name).toBe('content');
  });

  it('required params are required', () => {
    expect(() => pathFor('product', 'sv', {})).toThrow(/slug/);
    expect(() => pathFor('product-category-all', 'sv', {})).toThrow(/all/);
    expect(matchPublicPath('sv', '/produkt')?.name).toBe('content');
  });

  it('encodes and decodes parameters', () => {
    const p = pathFor('product', 'sv', { slug: 'a b/ö' });
    expect(p).toBe('/produkt/a%20b%2F%C3%B6');
    expect(matchPublicPath('sv', p)?.params.slug).toBe('a b/ö');
    expect(matchPublicPath('sv', '/produkt/%E0%A4%A')).toBeUndefined(); // malformed escapes never throw
  });

  it('alternates give one path per locale, with per-locale slugs', () => {
    expect(
      alternatesFor('product', {
        sv: { slug: 'pump' },
        no: { slug: 'pumpe' },
        da: { slug: 'pumpe' },
        fi: { slug: 'pumppu' },
        nl: { slug: 'pomp' },
      }),
    ).toEqual({ sv: '/produkt/pump', no: '/produkt/pumpe', da: '/produkt/pumpe', fi: '/tuote/pumppu', nl: '/product/pomp' });
    expect(alternatesFor('index', {})).toEqual({ sv: '/', no: '/', da: '/', fi: '/', nl: '/' });
    expect(localizedRouteName('product-category-all', 'da')).toBe('product-category-all___da');
  });

  it('the root of the internal tree is the home page', () => {
    expect(internalPathFor('index', 'nl')).toBe('/nl');
    expect(matchInternalPath('/nl')?.name).toBe('index');
    expect(matchInternalPath('/xx/product/a')).toBeUndefined();
  });
});
