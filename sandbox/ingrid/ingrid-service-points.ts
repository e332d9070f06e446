/**
 * Deterministic pickup locations: five per category and postal-code area, generated from a hash of
 * country + carrier + postal code, so the same query always answers the same points (names, streets,
 * opening hours, walking distance) without a data file. Shaped as Ingrid's PickupLocation.
 */
import { createHash } from 'node:crypto';
import type { CategoryConfig } from './ingrid-site-config.ts';

const PLACES: Record<string, { shops: string[]; streets: string[]; cities: string[] }> = {
  SE: {
    shops: ['ICA Nära', 'Coop', 'Pressbyrån', 'Hemköp', 'Willys', 'Tempo'],
    streets: ['Storgatan', 'Drottninggatan', 'Kungsgatan', 'Järnvägsgatan', 'Skolgatan', 'Torggatan'],
    cities: ['Stockholm', 'Stockholm', 'Uppsala', 'Norrköping', 'Göteborg', 'Jönköping', 'Karlstad', 'Gävle', 'Sundsvall', 'Luleå'],
  },
  NO: {
    shops: ['Rema 1000', 'Kiwi', 'Coop Extra', 'Joker', 'Narvesen', 'Meny'],
    streets: ['Storgata', 'Kirkegata', 'Kongens gate', 'Dronningens gate', 'Skolegata', 'Torggata'],
    cities: ['Oslo', 'Oslo', 'Oslo', 'Drammen', 'Kristiansand', 'Bergen', 'Stavanger', 'Trondheim', 'Bodø', 'Tromsø'],
  },
  DK: {
    shops: ['Netto', 'Føtex', 'Rema 1000', 'SuperBrugsen', 'Kvickly', 'Lidl'],
    streets: ['Storegade', 'Vestergade', 'Østergade', 'Algade', 'Skolegade', 'Torvegade'],
    cities: ['København', 'København', 'København', 'Roskilde', 'Næstved', 'Odense', 'Kolding', 'Aarhus', 'Viborg', 'Aalborg'],
  },
  FI: {
    shops: ['K-Market', 'S-Market', 'R-kioski', 'Alepa', 'Lidl', 'Sale'],
    streets: ['Kauppakatu', 'Rautatienkatu', 'Koulukatu', 'Puistokatu', 'Asemakatu', 'Keskuskatu'],
    cities: ['Helsinki', 'Espoo', 'Turku', 'Tampere', 'Lahti', 'Kuopio', 'Jyväskylä', 'Vaasa', 'Joensuu', 'Oulu'],
  },
  NL: {
    shops: ['Albert Heijn', 'Jumbo', 'Primera', 'Bruna', 'Plus', 'Coop'],
    streets: ['Dorpsstraat', 'Kerkstraat', 'Stationsweg', 'Molenstraat', 'Schoolstraat', 'Marktplein'],
    cities: ['Amsterdam', 'Amsterdam', 'Haarlem', 'Rotterdam', 'Utrecht', 'Arnhem', 'Eindhoven', 'Zwolle', 'Groningen', 'Leeuwarden'],
  },
};

const MANNED_HOURS = [
  {
    mon: '08:00-21:00',
    tue: '08:00-21:00',
    wed: '08:00-21:00',
    thu: '08:00-21:00',
    fri: '08:00-21:00',
    sat: '09:00-19:00',
    sun: '10:00-18:00',
  },
  {
    mon: '07:00-22:00',
    tue: '07:00-22:00',
    wed: '07:00-22:00',
    thu: '07:00-22:00',
    fri: '07:00-22:00',
    sat: '08:00-22:00',
    sun: '08:00-22:00',
  },
  { mon: '09:00-18:00', tue: '09:00-18:00', wed: '09:00-18:00', thu: '09:00-18:00', fri: '09:00-18:00', sat: '10:00-15:00', sun: '' },
];
const LOCKER_HOURS = {
  mon: '00:00-24:00',
  tue: '00:00-24:00',
  wed: '00:00-24:00',
  thu: '00:00-24:00',
  fri: '00:00-24:00',
  sat: '00:00-24:00',
  sun: '00:00-24:00',
};

export const POINTS_PER_AREA = 5;

export function pickupLocations(country: string, category: CategoryConfig, postalCode: string) {
  const places = PLACES[country];
  if (!places) return [];
  const area = postalCode.replace(/\s+/g, '').toUpperCase();
  const seed = createHash('sha256').update(`${country}:${category.carrier}:${area}`).digest();
  const city = places.cities[Number(/\d/.exec(area)?.[0] ?? 0)]!;
  return Array.from({ length: POINTS_PER_AREA }, (_, i) => {
    const b = seed[i]!;
    const locker = category.locationType === 'LOCKER';
    const name = locker
      ? `${category.carrier} ${places.streets[(b + i) % places.streets.length]} ${i + 1}`
      : `${places.shops[(b + i) % places.shops.length]} ${city} ${i + 1}`;
    const street = places.streets[(b >> 3) % places.streets.length]!;
    const number = String(1 + (b % 60));
    const distance = 120 + i * 380 + (b % 150); // sorted nearest first
    return {
      external_id: `${category.carrier.toLowerCase()}-${country.toLowerCase()}-${area.toLowerCase()}-${i + 1}`,
      name,
      location_type: locker ? 'LOCKER' : 'MANNED',
      address: {
        name,
        address_lines: [`${street} ${number}`],
        street,
        street_number: number,
        postal_code: postalCode.trim(),
        city,
        country,
      },
      distance: { walking: { value: distance, duration: Math.round(distance / 1.3) } },
      operational_hours: locker ? LOCKER_HOURS : MANNED_HOURS[b % MANNED_HOURS.length]!,
      meta: {},
    };
  });
}
export type PickupLocation = ReturnType<typeof pickupLocations>[number];
