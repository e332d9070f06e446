/** The error every provider adapter (payments, shipping, search …) throws when its provider cannot answer. */
import { ProviderUnavailableError } from '#lib/errors/domain-errors.ts';

/** A provider that is down, timed out or answered 5xx: retryable, nothing was charged by this call. */
export class ProviderUnavailable extends ProviderUnavailableError {
  readonly provider: string;
  constructor(provider: string, message: string) {
    super(message);
    this.provider = provider;
  }
}
