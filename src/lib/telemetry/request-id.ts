/**
 * Request ids (docs/product/logs-and-metrics.md#request-ids): a proxy's X-Request-Id is kept only when the
 * proxy is trusted and the value is sane — bounded and of a safe alphabet, so it cannot forge log fields.
 */
export const MAX_REQUEST_ID_LENGTH = 128;
const SAFE = /^[A-Za-z0-9._:-]+$/;

export function isSaneRequestId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_REQUEST_ID_LENGTH && SAFE.test(value);
}

/** The incoming id when trusted and sane, else a fresh one from `generate`. */
export function chooseRequestId(incoming: string | string[] | undefined, trusted: boolean, generate: () => string): string {
  const one = Array.isArray(incoming) ? undefined : incoming; // a repeated header is not one id
  return trusted && isSaneRequestId(one) ? one : generate();
}
