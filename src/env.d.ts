/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    /** Storefront of the request: from the internal path (/{locale}/…) or the `locale` query of API calls. */
    locale?: import('#lib/market/locales.ts').LocaleCode;
  }
}
