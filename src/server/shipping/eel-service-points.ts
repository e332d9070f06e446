/**
 * Service points of the internal processor `eel`, from data: a deterministic set per carrier and postal
 * code area (the first digits of the postal code), so the same address always shows the same points and
 * the demo works offline. A real deployment replaces this table with the carriers' point registers.
 */
import type { ServicePoint } from './shipping-provider.ts';

const STREETS = ['Storgatan', 'Järnvägsgatan', 'Kungsgatan', 'Industrivägen', 'Torget'];
const SHOPS = ['ICA Nära', 'Ombud Centrum', 'Pakkeboks', 'Servicepunkt Syd', 'Shell Express'];

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

export function eelServicePoints(carrier: string, postalCode: string, city = ''): ServicePoint[] {
  const area = postalCode.replace(/\s/g, '').slice(0, 3);
  const seed = hash(`${carrier}:${area}`);
  return Array.from({ length: 5 }, (_, i) => {
    const n = (seed >>> (i * 3)) % STREETS.length;
    return {
      id: `${carrier.toLowerCase().replace(/\W+/g, '')}-${area}-${i + 1}`,
      carrier,
      name: `${SHOPS[(n + i) % SHOPS.length]} ${area}-${i + 1}`,
      street: `${STREETS[n]} ${((seed >>> i) % 60) + 1}`,
      postalCode: postalCode.trim(),
      city,
      openingHours: i % 2 === 0 ? 'Mon–Fri 8–20, Sat 10–16' : 'Mon–Sun 7–22',
      distanceMeters: 300 + i * 450 + (seed % 200),
    };
  });
}
