/**
 * A quote refused for a buyer (docs/product/quotes.md#refusals), in the visitor's language; the API answers its code
 * (409 `invalid_transition`, or `conflict` for changed lines; 403 `forbidden` for a viewer) and `reason` tells the
 * account page and the tests which refusal it was.
 */
import { DomainError } from '#lib/errors/domain-errors.ts';
import { translator } from '#lib/market/i18n.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { QuoteRefusal } from './quote-rules.ts';

export type QuoteRefusalReason = QuoteRefusal | 'forbidden' | 'empty';

const CODE = { changed: 'conflict', forbidden: 'forbidden', empty: 'invalid_request' } as const;

export const quoteRefusalMessage = (locale: LocaleCode, reason: QuoteRefusalReason): string =>
  translator(locale)(`quotes.refused_${reason}`);

export class QuoteRefused extends DomainError {
  readonly reason: QuoteRefusalReason;
  constructor(locale: LocaleCode, reason: QuoteRefusalReason) {
    super(reason in CODE ? CODE[reason as keyof typeof CODE] : 'invalid_transition', quoteRefusalMessage(locale, reason), 'quote');
    this.reason = reason;
  }
}
