/** Demo content pages, layout widgets, deals and search triggers for each storefront. */
import { LOCALE_CODES, LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import type { CatalogueInput } from '#server/catalogue/catalogue-schema.ts';
import { accessibilityStatementPage } from './demo-accessibility-statement.ts';

type Product = CatalogueInput['products'][number];

const PAGES: Record<LocaleCode, { slug: string; title: string; body: string }[]> = {
  sv: [
    { slug: 'om-oss', title: 'Om oss', body: 'Vi säljer reservdelar till vitvaror, småel och trädgårdsmaskiner sedan 2004.' },
    { slug: 'leveransvillkor', title: 'Leveransvillkor', body: 'Lagervaror skickas samma dag vid beställning före kl. 15.' },
    { slug: 'integritetspolicy', title: 'Integritetspolicy', body: 'Så hanterar vi dina personuppgifter.' },
    { slug: 'kundservice/retur', title: 'Returer', body: 'Du har 30 dagars öppet köp på oanvända delar.' },
  ],
  no: [
    { slug: 'om-oss', title: 'Om oss', body: 'Vi selger reservedeler til hvitevarer, småelektrisk og hagemaskiner.' },
    { slug: 'leveringsbetingelser', title: 'Leveringsbetingelser', body: 'Lagervarer sendes samme dag ved bestilling før kl. 15.' },
    { slug: 'personvern', title: 'Personvern', body: 'Slik behandler vi personopplysningene dine.' },
    { slug: 'kundeservice/retur', title: 'Retur', body: 'Du har 30 dagers åpent kjøp på ubrukte deler.' },
  ],
  da: [
    { slug: 'om-os', title: 'Om os', body: 'Vi sælger reservedele til hvidevarer, småt el og havemaskiner.' },
    { slug: 'leveringsbetingelser', title: 'Leveringsbetingelser', body: 'Lagervarer sendes samme dag ved bestilling før kl. 15.' },
    { slug: 'privatlivspolitik', title: 'Privatlivspolitik', body: 'Sådan behandler vi dine personoplysninger.' },
    { slug: 'kundeservice/retur', title: 'Returnering', body: 'Du har 30 dages returret på ubrugte dele.' },
  ],
  fi: [
    { slug: 'meista', title: 'Meistä', body: 'Myymme varaosia kodinkoneisiin, pienkoneisiin ja puutarhakoneisiin.' },
    { slug: 'toimitusehdot', title: 'Toimitusehdot', body: 'Varastotuotteet lähtevät samana päivänä, kun tilaat ennen klo 15.' },
    { slug: 'tietosuojaseloste', title: 'Tietosuojaseloste', body: 'Näin käsittelemme henkilötietojasi.' },
    { slug: 'asiakaspalvelu/palautus', title: 'Palautukset', body: 'Käyttämättömillä osilla on 30 päivän palautusoikeus.' },
  ],
  nl: [
    { slug: 'over-ons', title: 'Over ons', body: 'Wij verkopen onderdelen voor witgoed, kleine apparaten en tuinmachines.' },
    {
      slug: 'leveringsvoorwaarden',
      title: 'Leveringsvoorwaarden',
      body: 'Voorraadartikelen worden dezelfde dag verzonden bij bestelling voor 15.00 uur.',
    },
    { slug: 'privacybeleid', title: 'Privacybeleid', body: 'Zo gaan wij om met uw persoonsgegevens.' },
    { slug: 'klantenservice/retour', title: 'Retourneren', body: 'U heeft 30 dagen bedenktijd op ongebruikte onderdelen.' },
  ],
};

const STORE_MESSAGE: Record<LocaleCode, string> = {
  sv: 'Fri frakt på alla beställningar över 499 kr till och med söndag!',
  no: 'Fri frakt på alle bestillinger over 599 kr ut søndag!',
  da: 'Fri fragt på alle ordrer over 399 kr. til og med søndag!',
  fi: 'Ilmainen toimitus yli 49 euron tilauksille sunnuntaihin asti!',
  nl: 'Gratis verzending bij bestellingen boven 49 euro tot en met zondag!',
};

const CART_FOOTER: Record<LocaleCode, string> = {
  sv: '30 dagars öppet köp och trygg betalning.',
  no: '30 dagers åpent kjøp og trygg betaling.',
  da: '30 dages returret og sikker betaling.',
  fi: '30 päivän palautusoikeus ja turvallinen maksu.',
  nl: '30 dagen bedenktijd en veilig betalen.',
};

const COOKIE_ALERT: Record<LocaleCode, string> = {
  sv: 'Vi använder kakor för att butiken ska fungera och, om du tillåter, för statistik och anpassad marknadsföring.',
  no: 'Vi bruker informasjonskapsler for at butikken skal fungere og, hvis du tillater det, for statistikk og tilpasset markedsføring.',
  da: 'Vi bruger cookies, for at butikken kan fungere, og hvis du tillader det, til statistik og målrettet markedsføring.',
  fi: 'Käytämme evästeitä kaupan toimintaan ja, jos sallit, tilastointiin ja kohdennettuun markkinointiin.',
  nl: 'Wij gebruiken cookies om de winkel te laten werken en, als u dat toestaat, voor statistieken en gerichte marketing.',
};

const DEAL_TITLE: Record<LocaleCode, string> = {
  sv: 'Veckans deal',
  no: 'Ukens tilbud',
  da: 'Ugens tilbud',
  fi: 'Viikon diili',
  nl: 'Deal van de week',
};

/** Translation keys of PAGES by position: every storefront lists the same pages in the same order. */
const PAGE_KEYS = ['about-us', 'delivery-terms', 'privacy', 'returns'];

export function demoContent(
  products: Product[],
  now: Date,
): Pick<CatalogueInput, 'content_pages' | 'widgets' | 'deals' | 'search_triggers'> {
  const content_pages = LOCALE_CODES.flatMap((locale) => [
    ...PAGES[locale].map((p, i) => ({
      locale,
      // the n-th page of each storefront is the same page in its language (the studio's translation groups)
      translation_key: PAGE_KEYS[i] ?? null,
      slug: p.slug,
      title: p.title,
      body_html: `<h2>${p.title}</h2><p>${p.body}</p>`,
      meta_description: p.body,
    })),
    { locale, translation_key: 'accessibility-statement', ...accessibilityStatementPage(locale) },
  ]);

  const widgets = LOCALE_CODES.flatMap((locale) => {
    const l = LOCALES[locale];
    return [
      { slug: 'store-message', locale, content: STORE_MESSAGE[locale] },
      { slug: 'store-message-footer', locale, content: `${l.brand} – ${l.country}` },
      { slug: 'cookie-alert', locale, content: `<p>${COOKIE_ALERT[locale]}</p>` },
      { slug: 'cart-header', locale, content: `<p>${STORE_MESSAGE[locale]}</p>` },
      { slug: 'cart-footer', locale, content: `<p>${CART_FOOTER[locale]}</p>` },
      { slug: 'footer-columns', locale, content: '' },
    ];
  });

  const day = 24 * 3600 * 1000;
  const orderable = products.filter((p) => p.orderable !== false);
  const deals =
    orderable.length === 0
      ? []
      : LOCALE_CODES.map((locale, i) => ({
          locale,
          title: DEAL_TITLE[locale],
          product_sku: orderable[(i * 7) % orderable.length].sku,
          discount: 20,
          starts_at: new Date(now.getTime() - day).toISOString(),
          expires_at: new Date(now.getTime() + 7 * day).toISOString(),
        }));

  const search_triggers = LOCALE_CODES.flatMap((locale) => [
    { locale, keyword: 'retur', hint: PAGES[locale][3].title, url: `/${PAGES[locale][3].slug}`, url_title: PAGES[locale][3].title },
    { locale, keyword: 'frakt', hint: PAGES[locale][1].title, url: `/${PAGES[locale][1].slug}`, url_title: PAGES[locale][1].title },
  ]);
  return { content_pages, widgets, deals, search_triggers };
}
