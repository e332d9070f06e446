/**
 * Words for the demo catalogue, per storefront language: appliances (2 category levels),
 * part types (3rd level), brands, tags. Order of the locale arrays: sv, no, da, fi, nl.
 */
export type Words = [sv: string, no: string, da: string, fi: string, nl: string];

export interface ApplianceGroup {
  key: string;
  names: Words;
  appliances: { key: string; names: Words; parts: string[] }[];
}

export const PART_TYPES: Record<string, Words> = {
  filter: ['Filter', 'Filter', 'Filter', 'Suodatin', 'Filter'],
  gasket: ['Dörrpackning', 'Dørpakning', 'Dørpakning', 'Oven tiiviste', 'Deurrubber'],
  hose: ['Slang', 'Slange', 'Slange', 'Letku', 'Slang'],
  pump: ['Pump', 'Pumpe', 'Pumpe', 'Pumppu', 'Pomp'],
  heater: ['Värmeelement', 'Varmeelement', 'Varmelegeme', 'Lämmitysvastus', 'Verwarmingselement'],
  motor: ['Motor', 'Motor', 'Motor', 'Moottori', 'Motor'],
  thermostat: ['Termostat', 'Termostat', 'Termostat', 'Termostaatti', 'Thermostaat'],
  knob: ['Vred', 'Bryter', 'Knap', 'Säätönuppi', 'Knop'],
  basket: ['Korg', 'Kurv', 'Kurv', 'Kori', 'Korf'],
  wheel: ['Hjul', 'Hjul', 'Hjul', 'Pyörä', 'Wiel'],
  belt: ['Drivrem', 'Drivreim', 'Drivrem', 'Käyttöhihna', 'Aandrijfriem'],
  brush: ['Borste', 'Børste', 'Børste', 'Harja', 'Borstel'],
  bag: ['Dammsugarpåse', 'Støvsugerpose', 'Støvsugerpose', 'Pölypussi', 'Stofzak'],
  battery: ['Batteri', 'Batteri', 'Batteri', 'Akku', 'Accu'],
  lamp: ['Lampa', 'Lampe', 'Pære', 'Lamppu', 'Lamp'],
  shelf: ['Hylla', 'Hylle', 'Hylde', 'Hylly', 'Plank'],
  handle: ['Handtag', 'Håndtak', 'Håndtag', 'Kahva', 'Handgreep'],
  blade: ['Kniv', 'Kniv', 'Kniv', 'Terä', 'Mes'],
  sparkplug: ['Tändstift', 'Tennplugg', 'Tændrør', 'Sytytystulppa', 'Bougie'],
  descaler: ['Avkalkning', 'Avkalking', 'Afkalkning', 'Kalkinpoisto', 'Ontkalker'],
};

export const APPLIANCE_GROUPS: ApplianceGroup[] = [
  {
    key: 'kitchen',
    names: ['Vitvaror kök', 'Hvitevarer kjøkken', 'Hvidevarer køkken', 'Keittiökoneet', 'Keukenapparatuur'],
    appliances: [
      {
        key: 'dishwasher',
        names: ['Diskmaskin', 'Oppvaskmaskin', 'Opvaskemaskine', 'Astianpesukone', 'Vaatwasser'],
        parts: ['filter', 'gasket', 'hose', 'pump', 'heater', 'basket', 'wheel'],
      },
      {
        key: 'fridge',
        names: ['Kylskåp', 'Kjøleskap', 'Køleskab', 'Jääkaappi', 'Koelkast'],
        parts: ['gasket', 'shelf', 'thermostat', 'lamp', 'handle', 'filter'],
      },
      {
        key: 'oven',
        names: ['Ugn', 'Stekeovn', 'Ovn', 'Uuni', 'Oven'],
        parts: ['gasket', 'heater', 'thermostat', 'knob', 'lamp', 'shelf'],
      },
      { key: 'hob', names: ['Spishäll', 'Platetopp', 'Kogeplade', 'Liesitaso', 'Kookplaat'], parts: ['knob', 'heater', 'thermostat'] },
      { key: 'hood', names: ['Köksfläkt', 'Kjøkkenvifte', 'Emhætte', 'Liesituuletin', 'Afzuigkap'], parts: ['filter', 'lamp', 'motor'] },
    ],
  },
  {
    key: 'laundry',
    names: ['Tvätt', 'Klesvask', 'Tøjvask', 'Pyykinpesu', 'Wasgoed'],
    appliances: [
      {
        key: 'washer',
        names: ['Tvättmaskin', 'Vaskemaskin', 'Vaskemaskine', 'Pesukone', 'Wasmachine'],
        parts: ['gasket', 'pump', 'hose', 'heater', 'belt', 'filter', 'handle'],
      },
      {
        key: 'dryer',
        names: ['Torktumlare', 'Tørketrommel', 'Tørretumbler', 'Kuivausrumpu', 'Droger'],
        parts: ['filter', 'belt', 'heater', 'wheel', 'thermostat'],
      },
    ],
  },
  {
    key: 'cleaning',
    names: ['Städ', 'Rengjøring', 'Rengøring', 'Siivous', 'Schoonmaak'],
    appliances: [
      {
        key: 'vacuum',
        names: ['Dammsugare', 'Støvsuger', 'Støvsuger', 'Pölynimuri', 'Stofzuiger'],
        parts: ['bag', 'filter', 'brush', 'hose', 'battery', 'wheel'],
      },
      {
        key: 'robot',
        names: ['Robotdammsugare', 'Robotstøvsuger', 'Robotstøvsuger', 'Robotti-imuri', 'Robotstofzuiger'],
        parts: ['brush', 'battery', 'filter', 'wheel'],
      },
      {
        key: 'pressurewasher',
        names: ['Högtryckstvätt', 'Høytrykksspyler', 'Højtryksrenser', 'Painepesuri', 'Hogedrukreiniger'],
        parts: ['hose', 'pump', 'filter'],
      },
    ],
  },
  {
    key: 'coffee',
    names: ['Kaffe & småel', 'Kaffe & småelektrisk', 'Kaffe & småt el', 'Kahvi & pienkoneet', 'Koffie & klein'],
    appliances: [
      {
        key: 'espresso',
        names: ['Espressomaskin', 'Espressomaskin', 'Espressomaskine', 'Espressokone', 'Espressomachine'],
        parts: ['gasket', 'filter', 'pump', 'descaler', 'heater'],
      },
      { key: 'blender', names: ['Mixer', 'Blender', 'Blender', 'Tehosekoitin', 'Blender'], parts: ['blade', 'gasket', 'motor'] },
      {
        key: 'shaver',
        names: ['Rakapparat', 'Barbermaskin', 'Barbermaskine', 'Parranajokone', 'Scheerapparaat'],
        parts: ['blade', 'battery'],
      },
    ],
  },
  {
    key: 'garden',
    names: ['Trädgård', 'Hage', 'Have', 'Puutarha', 'Tuin'],
    appliances: [
      {
        key: 'mower',
        names: ['Gräsklippare', 'Gressklipper', 'Plæneklipper', 'Ruohonleikkuri', 'Grasmaaier'],
        parts: ['blade', 'belt', 'sparkplug', 'filter', 'wheel', 'battery'],
      },
      {
        key: 'trimmer',
        names: ['Grästrimmer', 'Gresstrimmer', 'Græstrimmer', 'Trimmeri', 'Grastrimmer'],
        parts: ['blade', 'sparkplug', 'battery'],
      },
      {
        key: 'chainsaw',
        names: ['Motorsåg', 'Motorsag', 'Motorsav', 'Moottorisaha', 'Kettingzaag'],
        parts: ['sparkplug', 'filter', 'blade'],
      },
    ],
  },
];

export const BRANDS = [
  'Bosch',
  'Siemens',
  'Electrolux',
  'AEG',
  'Miele',
  'Whirlpool',
  'Samsung',
  'LG',
  'Candy',
  'Hoover',
  'Beko',
  'Gorenje',
  'Zanussi',
  'Philips',
  'Dyson',
  'Husqvarna',
  'Stihl',
  'Nilfisk',
  'Kärcher',
  'DeLonghi',
  'Jura',
  'Smeg',
  'Asko',
  'Indesit',
  'Braun',
  'Rowenta',
];

export const TAGS: { key: string; names: Words }[] = [
  { key: 'bestseller', names: ['Bästsäljare', 'Bestselger', 'Bestseller', 'Myydyimmät', 'Bestseller'] },
  { key: 'original', names: ['Originaldel', 'Originaldel', 'Originaldel', 'Alkuperäisosa', 'Origineel onderdeel'] },
  { key: 'compatible', names: ['Kompatibel del', 'Kompatibel del', 'Kompatibel del', 'Yhteensopiva osa', 'Compatibel onderdeel'] },
  { key: 'eco', names: ['Miljöval', 'Miljøvalg', 'Miljøvalg', 'Ympäristövalinta', 'Milieukeuze'] },
  { key: 'easy-fit', names: ['Enkel montering', 'Enkel montering', 'Nem montering', 'Helppo asentaa', 'Eenvoudig te monteren'] },
  { key: 'news', names: ['Nyheter', 'Nyheter', 'Nyheder', 'Uutuudet', 'Nieuw'] },
];

/** "{part} for {brand} {appliance}" per language. */
export const NAME_TEMPLATE: Words = [
  '{part} till {brand} {appliance}',
  '{part} til {brand} {appliance}',
  '{part} til {brand} {appliance}',
  '{part} {brand} {appliance}',
  '{part} voor {brand} {appliance}',
];
export const DESCRIPTION_TEMPLATE: Words = [
  'Passar {brand} {appliance} modell {model}. Kontrollera modellnumret på typskylten innan du beställer.',
  'Passer {brand} {appliance} modell {model}. Sjekk modellnummeret på typeskiltet før du bestiller.',
  'Passer til {brand} {appliance} model {model}. Tjek modelnummeret på typeskiltet, før du bestiller.',
  'Sopii malliin {brand} {appliance} {model}. Tarkista mallinumero arvokilvestä ennen tilaamista.',
  'Geschikt voor {brand} {appliance} model {model}. Controleer het modelnummer op het typeplaatje voordat u bestelt.',
];

/** Approximate EUR → currency rates for demo prices. */
export const RATES = { SEK: 11.4, NOK: 11.7, DKK: 7.46, EUR: 1 } as const;
