/** A fulfilment step that cannot be done as asked; the endpoint answers its code (docs/product/fulfilment.md#errors). */
import type { ApiErrorCode } from '#lib/api/errors.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';

export type FulfilmentRefusal = Extract<
  ApiErrorCode,
  'not_found' | 'invalid_transition' | 'invalid_request' | 'provider_unavailable' | 'provider_refused'
>;

export class FulfilmentRefused extends DomainError {
  declare readonly code: FulfilmentRefusal;
  constructor(code: FulfilmentRefusal, message: string) {
    super(code, message);
  }
}
