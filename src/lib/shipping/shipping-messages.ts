/** What the shopper reads when the external delivery checkout does not answer (503 provider_unavailable). */
import type { LocaleCode } from '#lib/market/locales.ts';

const SHIPPING_UNAVAILABLE: Record<LocaleCode, string> = {
  sv: 'Leveranstjänsten svarar inte just nu. Försök igen om en stund.',
  no: 'Leveringstjenesten svarer ikke akkurat nå. Prøv igjen om litt.',
  da: 'Leveringstjenesten svarer ikke lige nu. Prøv igen om lidt.',
  fi: 'Toimituspalvelu ei vastaa juuri nyt. Yritä hetken kuluttua uudelleen.',
  nl: 'De bezorgdienst reageert nu niet. Probeer het zo opnieuw.',
};

export const shippingUnavailableMessage = (locale: LocaleCode): string => SHIPPING_UNAVAILABLE[locale];
