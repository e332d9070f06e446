/**
 * Demo product safety information (GPSR art. 19, docs/product/legal.md): a manufacturer per demo brand, an EU
 * responsible person for the brands made outside the EU/EEA, warnings in the five storefront languages, and a
 * per-product override for blades. Demo data: the e-mail and web addresses use the reserved `.example` domain.
 */
import type { SafetyInfo, SafetyParty } from '#lib/catalogue/product-safety.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

const party = (name: string, street: string, postal_code: string, city: string, country: string, domain: string): SafetyParty => ({
  name,
  address: { street, postal_code, city, country },
  email: `productsafety@${domain}.example`,
  url: `https://www.${domain}.example`,
});

/** Manufacturer (and responsible person) by brand name (demo-vocabulary.ts BRANDS). */
const PARTIES: Record<string, [SafetyParty, SafetyParty?]> = {
  Bosch: [party('BSH Hausgeräte GmbH', 'Carl-Wery-Straße 34', '81739', 'München', 'DE', 'bosch-home')],
  Siemens: [party('BSH Hausgeräte GmbH', 'Carl-Wery-Straße 34', '81739', 'München', 'DE', 'siemens-home')],
  Electrolux: [party('AB Electrolux', 'S:t Göransgatan 143', '112 17', 'Stockholm', 'SE', 'electrolux')],
  AEG: [party('AB Electrolux', 'S:t Göransgatan 143', '112 17', 'Stockholm', 'SE', 'aeg')],
  Miele: [party('Miele & Cie. KG', 'Carl-Miele-Straße 29', '33332', 'Gütersloh', 'DE', 'miele')],
  Whirlpool: [
    party('Whirlpool Corporation', '2000 North M-63', 'MI 49022', 'Benton Harbor', 'US', 'whirlpool'),
    party('Whirlpool EMEA S.p.A.', 'Via Carlo Pisacane 1', '20016', 'Pero (MI)', 'IT', 'whirlpool-emea'),
  ],
  Samsung: [
    party('Samsung Electronics Co., Ltd.', '129 Samsung-ro, Yeongtong-gu', '16677', 'Suwon-si', 'KR', 'samsung'),
    party('Samsung Electronics Benelux B.V.', 'Evert van de Beekstraat 310', '1118 CX', 'Schiphol', 'NL', 'samsung-benelux'),
  ],
  LG: [
    party('LG Electronics Inc.', '128 Yeoui-daero, Yeongdeungpo-gu', '07336', 'Seoul', 'KR', 'lg'),
    party('LG Electronics European Holdings B.V.', 'Krijgsman 1', '1186 DM', 'Amstelveen', 'NL', 'lg-europe'),
  ],
  Candy: [party('Candy Hoover Group S.r.l.', 'Via Privata Eden Fumagalli', '20861', 'Brugherio (MB)', 'IT', 'candy')],
  Hoover: [party('Candy Hoover Group S.r.l.', 'Via Privata Eden Fumagalli', '20861', 'Brugherio (MB)', 'IT', 'hoover')],
  Beko: [
    party('Arçelik A.Ş.', 'Karaağaç Caddesi No. 2-6, Sütlüce', '34445', 'Istanbul', 'TR', 'beko'),
    party('Beko Europe Management S.r.l.', 'Via Aldo Moro 11', '20063', 'Cernusco sul Naviglio', 'IT', 'beko-europe'),
  ],
  Gorenje: [party('Gorenje d.o.o.', 'Partizanska cesta 12', '3320', 'Velenje', 'SI', 'gorenje')],
  Zanussi: [party('AB Electrolux', 'S:t Göransgatan 143', '112 17', 'Stockholm', 'SE', 'zanussi')],
  Philips: [party('Philips Domestic Appliances Nederland B.V.', 'Prins Bernhardplein 200', '1097 JB', 'Amsterdam', 'NL', 'philips')],
  Dyson: [
    party('Dyson Technology Ltd.', 'Tetbury Hill', 'SN16 0RP', 'Malmesbury', 'GB', 'dyson'),
    party('Dyson B.V.', 'Herengracht 466', '1017 CA', 'Amsterdam', 'NL', 'dyson-nl'),
  ],
  Husqvarna: [party('Husqvarna AB', 'Drottninggatan 2', '561 82', 'Huskvarna', 'SE', 'husqvarna')],
  Stihl: [party('Andreas Stihl AG & Co. KG', 'Badstraße 115', '71336', 'Waiblingen', 'DE', 'stihl')],
  Nilfisk: [party('Nilfisk A/S', 'Kornmarksvej 1', '2605', 'Brøndby', 'DK', 'nilfisk')],
  Kärcher: [party('Alfred Kärcher SE & Co. KG', 'Alfred-Kärcher-Straße 28-40', '71364', 'Winnenden', 'DE', 'kaercher')],
  DeLonghi: [party("De'Longhi Appliances S.r.l.", 'Via Lodovico Seitz 47', '31100', 'Treviso', 'IT', 'delonghi')],
  Jura: [
    party('JURA Elektroapparate AG', 'Kaffeeweltstrasse 10', '4626', 'Niederbuchsiten', 'CH', 'jura'),
    party('JURA Elektrogeräte Vertriebs-GmbH', 'Christof-Ruthof-Weg 7', '55252', 'Mainz-Kastel', 'DE', 'jura-de'),
  ],
  Smeg: [party('SMEG S.p.A.', 'Via Leonardo da Vinci 4', '42016', 'Guastalla (RE)', 'IT', 'smeg')],
  Asko: [party('Asko Appliances AB', 'Rörstrandsgatan 16', '531 40', 'Lidköping', 'SE', 'asko')],
  Indesit: [party('Whirlpool EMEA S.p.A.', 'Via Carlo Pisacane 1', '20016', 'Pero (MI)', 'IT', 'indesit')],
  Braun: [party('Braun GmbH', 'Frankfurter Straße 145', '61476', 'Kronberg im Taunus', 'DE', 'braun')],
  Rowenta: [party('Groupe SEB', '112 Chemin du Moulin Carron', '69130', 'Écully', 'FR', 'rowenta')],
};

type Texts = Record<(typeof LOCALE_CODES)[number], string>;

const APPLIANCE_PART: Texts = {
  sv: 'Koppla bort apparaten från elnätet (och vattnet) innan delen monteras. Montera enligt apparatens manual; vid osäkerhet, anlita en behörig installatör. Förvara smådelar utom räckhåll för barn.',
  no: 'Koble apparatet fra strømnettet (og vannet) før delen monteres. Monter i henhold til apparatets bruksanvisning; er du usikker, bruk en kvalifisert installatør. Oppbevar smådeler utilgjengelig for barn.',
  da: 'Afbryd apparatet fra elnettet (og vandet), før delen monteres. Monter efter apparatets vejledning; er du i tvivl, så brug en autoriseret installatør. Opbevar små dele utilgængeligt for børn.',
  fi: 'Irrota laite sähköverkosta (ja vesijohdosta) ennen osan asentamista. Asenna laitteen käyttöohjeen mukaan; jos olet epävarma, käytä pätevää asentajaa. Säilytä pienet osat lasten ulottumattomissa.',
  nl: 'Haal de stekker van het apparaat uit het stopcontact (en sluit de waterkraan) voordat u het onderdeel monteert. Monteer volgens de handleiding van het apparaat; twijfelt u, schakel dan een erkende installateur in. Houd kleine onderdelen buiten bereik van kinderen.',
};

const GARDEN_PART: Texts = {
  sv: 'Stäng av motorn och ta bort tändkabeln eller batteriet innan delen byts. Använd skyddshandskar och skyddsglasögon. Bränsle är brandfarligt: byt inte delar nära öppen eld.',
  no: 'Slå av motoren og fjern tennplugghetten eller batteriet før delen byttes. Bruk vernehansker og vernebriller. Drivstoff er brannfarlig: ikke bytt deler nær åpen flamme.',
  da: 'Sluk motoren og fjern tændrørshætten eller batteriet, før delen udskiftes. Brug beskyttelseshandsker og sikkerhedsbriller. Brændstof er brandfarligt: udskift ikke dele nær åben ild.',
  fi: 'Sammuta moottori ja irrota sytytystulpan johto tai akku ennen osan vaihtoa. Käytä suojakäsineitä ja suojalaseja. Polttoaine on tulenarkaa: älä vaihda osia avotulen lähellä.',
  nl: 'Zet de motor uit en verwijder de bougiekap of de accu voordat u het onderdeel vervangt. Draag werkhandschoenen en een veiligheidsbril. Brandstof is ontvlambaar: vervang geen onderdelen in de buurt van open vuur.',
};

/** The per-product override: a blade's own warning replaces its brand's. */
export const BLADE_WARNING: Texts = {
  sv: 'Varning: vassa eggar. Bär skärskyddshandskar vid hantering och montering. Förvara bladet i sitt skydd, utom räckhåll för barn.',
  no: 'Advarsel: skarpe egger. Bruk kuttbeskyttende hansker ved håndtering og montering. Oppbevar bladet i beskyttelsen, utilgjengelig for barn.',
  da: 'Advarsel: skarpe kanter. Brug skærebeskyttende handsker ved håndtering og montering. Opbevar klingen i beskyttelsen, utilgængeligt for børn.',
  fi: 'Varoitus: terävät reunat. Käytä viiltosuojakäsineitä käsittelyssä ja asennuksessa. Säilytä terä suojuksessaan lasten ulottumattomissa.',
  nl: 'Waarschuwing: scherpe randen. Draag snijbestendige handschoenen bij het hanteren en monteren. Bewaar het blad in de beschermhoes, buiten bereik van kinderen.',
};

const GARDEN_BRANDS = new Set(['Husqvarna', 'Stihl']);

/** The brand's safety information (every demo brand has a manufacturer; non-EU/EEA ones a responsible person). */
export function demoBrandSafety(brand: string): SafetyInfo {
  const [manufacturer, responsible] = PARTIES[brand] ?? [party(`${brand} Europe GmbH`, 'Hauptstraße 1', '10115', 'Berlin', 'DE', 'brand')];
  // a copy: a caller editing its catalogue never changes the next one
  return structuredClone({
    manufacturer,
    responsible_person: responsible ?? null,
    warnings: GARDEN_BRANDS.has(brand) ? GARDEN_PART : APPLIANCE_PART,
  });
}

/** A product's own safety fields over its brand's: blades carry their own warning. */
export const demoProductSafety = (partKey: string): SafetyInfo | null => (partKey === 'blade' ? { warnings: { ...BLADE_WARNING } } : null);
