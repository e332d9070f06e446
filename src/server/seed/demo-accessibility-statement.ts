/**
 * The demo shop's accessibility statement per storefront, in its language: the information the European Accessibility
 * Act (Directive (EU) 2019/882, annex V) asks of an e-commerce service — how the service works, how it meets the
 * requirements, where to give feedback and which authority enforces them (docs/product/legal.md#accessibility-european-accessibility-act-directive-eu-2019882).
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { ACCESSIBILITY_STATEMENT_SLUG } from '#lib/content/accessibility-statement.ts';
import { SELLERS } from '#lib/payments/seller-details.ts';

interface Statement {
  title: string;
  intro: string;
  serviceHeading: string;
  service: string;
  meetsHeading: string;
  meets: string[];
  limitsHeading: string;
  limits: string;
  feedbackHeading: string;
  /** `{email}` is the storefront's customer service address. */
  feedback: string;
  enforcementHeading: string;
  enforcement: string;
  authority: { name: string; url: string };
  updated: string;
}

const UPDATED = '2026-11-26';

const STATEMENTS: Record<LocaleCode, Statement> = {
  sv: {
    title: 'Tillgänglighetsredogörelse',
    intro:
      '{brand} vill att alla ska kunna handla hos oss, också med skärmläsare, förstoring eller enbart tangentbord. Här beskriver vi hur webbutiken uppfyller kraven i lagen (2023:254) om vissa produkters och tjänsters tillgänglighet, som genomför EU:s tillgänglighetsdirektiv (EU) 2019/882.',
    serviceHeading: 'Så fungerar tjänsten',
    service:
      'Du hittar reservdelar genom sökfältet, kategorimenyn eller modellnumret på din maskin. På produktsidan ser du pris, lagerstatus och leveranstid och lägger varan i varukorgen. I kassan anger du adress, väljer leveranssätt och betalsätt och godkänner villkoren innan du lägger beställningen. Under Mina sidor och Spåra order följer du beställningen, och där kan du också returnera varor.',
    meetsHeading: 'Så uppfyller vi kraven',
    meets: [
      'Webbutiken är byggd för att uppfylla WCAG 2.1 nivå AA (EN 301 549).',
      'Allt går att göra med enbart tangentbord, och fokus syns tydligt.',
      'Bilder har textalternativ, formulärfält har etiketter och felmeddelanden visas i text intill fältet.',
      'Sidorna har rubriker och landmärken, fungerar med förstoring upp till 400 % och har tillräcklig kontrast.',
      'Varje version testas automatiskt med axe mot WCAG 2.1 A och AA på alla sidtyper i alla fem butiker, och ett helt köp görs med enbart tangentbord.',
    ],
    limitsHeading: 'Kända brister',
    limits: 'Betalsidor hos externa betalleverantörer visas av leverantören själv och ligger utanför vår kontroll.',
    feedbackHeading: 'Rapportera brister',
    feedback:
      'Om något inte fungerar för dig, eller om du behöver information i ett annat format, mejla {email}. Vi svarar inom fem arbetsdagar.',
    enforcementHeading: 'Tillsyn',
    enforcement: 'Om du inte är nöjd med vårt svar kan du vända dig till tillsynsmyndigheten för e-handelstjänster:',
    authority: { name: 'Post- och telestyrelsen (PTS)', url: 'https://www.pts.se/' },
    updated: 'Senast uppdaterad',
  },
  no: {
    title: 'Tilgjengelighetserklæring',
    intro:
      '{brand} vil at alle skal kunne handle hos oss, også med skjermleser, forstørrelse eller bare tastatur. Her beskriver vi hvordan nettbutikken oppfyller kravene til universell utforming i likestillings- og diskrimineringsloven og EUs tilgjengelighetsdirektiv (EU) 2019/882.',
    serviceHeading: 'Slik fungerer tjenesten',
    service:
      'Du finner reservedeler gjennom søkefeltet, kategorimenyen eller modellnummeret på maskinen din. På produktsiden ser du pris, lagerstatus og leveringstid og legger varen i handlekurven. I kassen oppgir du adresse, velger leveringsmåte og betalingsmåte og godtar vilkårene før du sender bestillingen. Under Min side og Spor ordre følger du bestillingen, og der kan du også returnere varer.',
    meetsHeading: 'Slik oppfyller vi kravene',
    meets: [
      'Nettbutikken er laget for å oppfylle WCAG 2.1 nivå AA (EN 301 549).',
      'Alt kan gjøres med bare tastatur, og fokus vises tydelig.',
      'Bilder har tekstalternativ, skjemafelt har ledetekster og feilmeldinger vises som tekst ved feltet.',
      'Sidene har overskrifter og landemerker, fungerer med forstørrelse opp til 400 % og har god nok kontrast.',
      'Hver versjon testes automatisk med axe mot WCAG 2.1 A og AA på alle sidetyper i alle fem butikkene, og et helt kjøp gjøres med bare tastatur.',
    ],
    limitsHeading: 'Kjente mangler',
    limits: 'Betalingssider hos eksterne betalingsleverandører vises av leverandøren selv og er utenfor vår kontroll.',
    feedbackHeading: 'Meld fra om mangler',
    feedback:
      'Hvis noe ikke fungerer for deg, eller du trenger informasjon i et annet format, send e-post til {email}. Vi svarer innen fem virkedager.',
    enforcementHeading: 'Tilsyn',
    enforcement: 'Hvis du ikke er fornøyd med svaret vårt, kan du kontakte tilsynsmyndigheten for universell utforming av IKT:',
    authority: { name: 'Digitaliseringsdirektoratet, Tilsynet for universell utforming av ikt', url: 'https://www.uutilsynet.no/' },
    updated: 'Sist oppdatert',
  },
  da: {
    title: 'Tilgængelighedserklæring',
    intro:
      '{brand} vil gerne have, at alle kan handle hos os, også med skærmlæser, forstørrelse eller kun tastatur. Her beskriver vi, hvordan webshoppen opfylder kravene i loven om tilgængelighedskrav for produkter og tjenester, som gennemfører EU’s tilgængelighedsdirektiv (EU) 2019/882.',
    serviceHeading: 'Sådan fungerer tjenesten',
    service:
      'Du finder reservedele via søgefeltet, kategorimenuen eller modelnummeret på din maskine. På produktsiden ser du pris, lagerstatus og leveringstid og lægger varen i kurven. I kassen angiver du adresse, vælger levering og betaling og accepterer betingelserne, før du afgiver ordren. Under Min konto og Følg ordre følger du ordren, og der kan du også returnere varer.',
    meetsHeading: 'Sådan opfylder vi kravene',
    meets: [
      'Webshoppen er bygget til at opfylde WCAG 2.1 niveau AA (EN 301 549).',
      'Alt kan gøres med kun tastatur, og fokus er tydeligt synligt.',
      'Billeder har tekstalternativer, formularfelter har labels, og fejlbeskeder vises som tekst ved feltet.',
      'Siderne har overskrifter og landmærker, fungerer med forstørrelse op til 400 % og har tilstrækkelig kontrast.',
      'Hver version testes automatisk med axe mod WCAG 2.1 A og AA på alle sidetyper i alle fem butikker, og et helt køb gennemføres med kun tastatur.',
    ],
    limitsHeading: 'Kendte mangler',
    limits: 'Betalingssider hos eksterne betalingsudbydere vises af udbyderen selv og ligger uden for vores kontrol.',
    feedbackHeading: 'Giv besked om mangler',
    feedback:
      'Hvis noget ikke virker for dig, eller du har brug for oplysninger i et andet format, så skriv til {email}. Vi svarer inden for fem arbejdsdage.',
    enforcementHeading: 'Tilsyn',
    enforcement: 'Hvis du ikke er tilfreds med vores svar, kan du henvende dig til tilsynsmyndigheden:',
    authority: { name: 'Digitaliseringsstyrelsen', url: 'https://digst.dk/' },
    updated: 'Senest opdateret',
  },
  fi: {
    title: 'Saavutettavuusseloste',
    intro:
      '{brand} haluaa, että kaikki voivat asioida kaupassamme, myös ruudunlukijalla, suurennuksella tai pelkällä näppäimistöllä. Tässä selosteessa kerromme, miten verkkokauppa täyttää digitaalisten palvelujen tarjoamisesta annetun lain (306/2019) saavutettavuusvaatimukset. Laki panee verkkokauppojen osalta täytäntöön EU:n esteettömyysdirektiivin (EU) 2019/882.',
    serviceHeading: 'Näin palvelu toimii',
    service:
      'Löydät varaosat hakukentän, tuoteryhmävalikon tai laitteesi mallinumeron avulla. Tuotesivulla näet hinnan, varastotilanteen ja toimitusajan ja lisäät tuotteen ostoskoriin. Kassalla annat osoitteen, valitset toimitus- ja maksutavan ja hyväksyt ehdot ennen tilauksen lähettämistä. Omilla sivuilla ja tilauksen seurannassa näet tilauksesi tilan ja voit palauttaa tuotteita.',
    meetsHeading: 'Näin täytämme vaatimukset',
    meets: [
      'Verkkokauppa on tehty täyttämään WCAG 2.1 -ohjeiden AA-tason (EN 301 549).',
      'Kaikki toiminnot onnistuvat pelkällä näppäimistöllä, ja kohdistus näkyy selvästi.',
      'Kuvilla on tekstivastineet, lomakekentillä on nimet ja virheilmoitukset näytetään tekstinä kentän vieressä.',
      'Sivuilla on otsikot ja maamerkit, ne toimivat 400 %:n suurennuksella ja niiden kontrasti on riittävä.',
      'Jokainen versio testataan automaattisesti axe-työkalulla WCAG 2.1 A- ja AA-tason ehtoja vastaan kaikilla sivutyypeillä kaikissa viidessä kaupassa, ja koko osto tehdään pelkällä näppäimistöllä.',
    ],
    limitsHeading: 'Tunnetut puutteet',
    limits: 'Ulkoisten maksunvälittäjien maksusivut ovat palveluntarjoajan omia, eivätkä ne ole hallinnassamme.',
    feedbackHeading: 'Anna palautetta saavutettavuudesta',
    feedback:
      'Jos jokin ei toimi sinulle tai tarvitset tietoa toisessa muodossa, lähetä sähköpostia osoitteeseen {email}. Vastaamme viiden arkipäivän kuluessa.',
    enforcementHeading: 'Valvonta',
    enforcement: 'Jos et ole tyytyväinen vastaukseemme, voit ilmoittaa asiasta saavutettavuutta valvovalle viranomaiselle:',
    authority: { name: 'Liikenne- ja viestintävirasto Traficom, saavutettavuusvalvonta', url: 'https://www.traficom.fi/' },
    updated: 'Päivitetty viimeksi',
  },
  nl: {
    title: 'Toegankelijkheidsverklaring',
    intro:
      '{brand} wil dat iedereen bij ons kan winkelen, ook met een schermlezer, vergroting of alleen het toetsenbord. Hier beschrijven we hoe de webwinkel voldoet aan de Nederlandse regels die de Europese toegankelijkheidsrichtlijn (EU) 2019/882 uitvoeren.',
    serviceHeading: 'Zo werkt de dienst',
    service:
      'U vindt onderdelen via het zoekveld, het categoriemenu of het modelnummer van uw apparaat. Op de productpagina ziet u prijs, voorraad en levertijd en legt u het artikel in de winkelwagen. Bij het afrekenen vult u uw adres in, kiest u verzending en betaalwijze en gaat u akkoord met de voorwaarden voordat u de bestelling plaatst. Onder Mijn account en Bestelling volgen volgt u uw bestelling en kunt u artikelen retourneren.',
    meetsHeading: 'Zo voldoen we aan de eisen',
    meets: [
      'De webwinkel is gebouwd om te voldoen aan WCAG 2.1 niveau AA (EN 301 549).',
      'Alles kan met alleen het toetsenbord, en de focus is duidelijk zichtbaar.',
      'Afbeeldingen hebben een tekstalternatief, formuliervelden hebben labels en foutmeldingen staan als tekst bij het veld.',
      'Pagina’s hebben koppen en landmarks, werken met vergroting tot 400% en hebben voldoende contrast.',
      'Elke versie wordt automatisch getest met axe tegen WCAG 2.1 A en AA op alle paginatypen in alle vijf winkels, en een volledige aankoop wordt met alleen het toetsenbord gedaan.',
    ],
    limitsHeading: 'Bekende beperkingen',
    limits: 'Betaalpagina’s van externe betaalproviders worden door de provider zelf getoond en vallen buiten onze invloed.',
    feedbackHeading: 'Problemen melden',
    feedback:
      'Werkt iets niet voor u, of heeft u informatie in een andere vorm nodig? Mail dan naar {email}. We antwoorden binnen vijf werkdagen.',
    enforcementHeading: 'Toezicht',
    enforcement: 'Bent u niet tevreden met ons antwoord, dan kunt u terecht bij de toezichthouder:',
    authority: { name: 'Autoriteit Consument & Markt (ACM)', url: 'https://www.acm.nl/' },
    updated: 'Laatst bijgewerkt',
  },
};

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The statement as a content page of each storefront (its body is editor HTML, sanitized when shown). */
export function accessibilityStatementPage(locale: LocaleCode): {
  slug: string;
  title: string;
  body_html: string;
  meta_description: string;
} {
  const s = STATEMENTS[locale];
  const email = SELLERS[locale].email;
  const intro = s.intro.replace('{brand}', LOCALES[locale].brand);
  const feedback = escape(s.feedback).replace('{email}', `<a href="mailto:${email}">${email}</a>`);
  // the page's own heading is the title: the body starts below it
  const body_html = [
    `<p>${escape(intro)}</p>`,
    `<h2>${escape(s.serviceHeading)}</h2>`,
    `<p>${escape(s.service)}</p>`,
    `<h2>${escape(s.meetsHeading)}</h2>`,
    `<ul>${s.meets.map((m) => `<li>${escape(m)}</li>`).join('')}</ul>`,
    `<h2>${escape(s.limitsHeading)}</h2>`,
    `<p>${escape(s.limits)}</p>`,
    `<h2>${escape(s.feedbackHeading)}</h2>`,
    `<p>${feedback}</p>`,
    `<h2>${escape(s.enforcementHeading)}</h2>`,
    `<p>${escape(s.enforcement)} <a href="${s.authority.url}">${escape(s.authority.name)}</a></p>`,
    `<p>${escape(s.updated)}: ${UPDATED}</p>`,
  ].join('');
  return { slug: ACCESSIBILITY_STATEMENT_SLUG[locale], title: s.title, body_html, meta_description: intro };
}
