/** Checkout problem texts per storefront language (what the shopper reads next to a field or in the error area). */
import type { LocaleCode } from '#lib/market/locales.ts';

export type CheckoutMessageKey =
  | 'required'
  | 'email'
  | 'mobile'
  | 'postal_code'
  | 'organisation_number'
  | 'empty_cart'
  | 'no_shipping'
  | 'service_point'
  | 'payment_method'
  | 'price_changed'
  | 'out_of_stock'
  | 'provider_unavailable'
  | 'not_open';

const MESSAGES: Record<LocaleCode, Record<CheckoutMessageKey, string>> = {
  sv: {
    required: 'Fyll i fältet.',
    email: 'Ange en giltig e-postadress.',
    mobile: 'Ange ett mobilnummer som börjar med 07.',
    postal_code: 'Ange ett postnummer med fem siffror, t.ex. 123 45.',
    organisation_number: 'Organisationsnumret är inte giltigt.',
    empty_cart: 'Varukorgen är tom.',
    no_shipping: 'Välj ett leveranssätt.',
    service_point: 'Välj ett utlämningsställe.',
    payment_method: 'Välj ett betalsätt.',
    price_changed: 'Priset har ändrats. Kontrollera summan och bekräfta igen.',
    out_of_stock: 'En vara i varukorgen finns inte längre i lager i den mängden.',
    provider_unavailable: 'Betaltjänsten svarar inte just nu. Försök igen om en stund.',
    not_open: 'Kassan är redan avslutad.',
  },
  no: {
    required: 'Fyll ut feltet.',
    email: 'Oppgi en gyldig e-postadresse.',
    mobile: 'Oppgi et mobilnummer med 8 sifre som starter med 4 eller 9.',
    postal_code: 'Oppgi et postnummer med fire sifre.',
    organisation_number: 'Organisasjonsnummeret er ikke gyldig.',
    empty_cart: 'Handlekurven er tom.',
    no_shipping: 'Velg en leveringsmåte.',
    service_point: 'Velg et hentested.',
    payment_method: 'Velg en betalingsmåte.',
    price_changed: 'Prisen er endret. Kontroller summen og bekreft på nytt.',
    out_of_stock: 'En vare i handlekurven er ikke lenger på lager i det antallet.',
    provider_unavailable: 'Betalingstjenesten svarer ikke akkurat nå. Prøv igjen om litt.',
    not_open: 'Kassen er allerede fullført.',
  },
  da: {
    required: 'Udfyld feltet.',
    email: 'Angiv en gyldig e-mailadresse.',
    mobile: 'Angiv et mobilnummer med 8 cifre.',
    postal_code: 'Angiv et postnummer med fire cifre.',
    organisation_number: 'CVR-nummeret er ikke gyldigt.',
    empty_cart: 'Kurven er tom.',
    no_shipping: 'Vælg en leveringsmetode.',
    service_point: 'Vælg et udleveringssted.',
    payment_method: 'Vælg en betalingsmetode.',
    price_changed: 'Prisen er ændret. Kontrollér beløbet og bekræft igen.',
    out_of_stock: 'En vare i kurven er ikke længere på lager i det antal.',
    provider_unavailable: 'Betalingstjenesten svarer ikke lige nu. Prøv igen om lidt.',
    not_open: 'Kassen er allerede afsluttet.',
  },
  fi: {
    required: 'Täytä kenttä.',
    email: 'Anna kelvollinen sähköpostiosoite.',
    mobile: 'Anna matkapuhelinnumero, esim. 040 123 4567.',
    postal_code: 'Anna viisinumeroinen postinumero.',
    organisation_number: 'Y-tunnus ei ole kelvollinen.',
    empty_cart: 'Ostoskori on tyhjä.',
    no_shipping: 'Valitse toimitustapa.',
    service_point: 'Valitse noutopiste.',
    payment_method: 'Valitse maksutapa.',
    price_changed: 'Hinta on muuttunut. Tarkista summa ja vahvista uudelleen.',
    out_of_stock: 'Ostoskorin tuotetta ei ole enää varastossa tätä määrää.',
    provider_unavailable: 'Maksupalvelu ei vastaa juuri nyt. Yritä hetken kuluttua uudelleen.',
    not_open: 'Kassa on jo suljettu.',
  },
  nl: {
    required: 'Vul dit veld in.',
    email: 'Vul een geldig e-mailadres in.',
    mobile: 'Vul een mobiel nummer in, bijv. 06 12345678.',
    postal_code: 'Vul een postcode in als 1234 AB.',
    organisation_number: 'Het KvK-nummer is niet geldig.',
    empty_cart: 'Je winkelwagen is leeg.',
    no_shipping: 'Kies een verzendmethode.',
    service_point: 'Kies een afhaalpunt.',
    payment_method: 'Kies een betaalmethode.',
    price_changed: 'De prijs is gewijzigd. Controleer het totaal en bevestig opnieuw.',
    out_of_stock: 'Een artikel in je winkelwagen is niet meer in die hoeveelheid op voorraad.',
    provider_unavailable: 'De betaaldienst reageert nu niet. Probeer het zo opnieuw.',
    not_open: 'Deze bestelling is al afgerond.',
  },
};

export function checkoutMessage(locale: LocaleCode, key: CheckoutMessageKey): string {
  return MESSAGES[locale][key];
}
