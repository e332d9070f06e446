/**
 * What a reverse proxy in front of the server says about a request — believed only with
 * PARTSFRONT_TRUST_PROXY=1 (docs/product/api.md: rate limits), as clients can forge these headers.
 */

/** The visitor's connection was https, by the first X-Forwarded-Proto entry of a trusted proxy. */
export function forwardedHttps(proto: string | null | undefined, trustProxy = process.env.PARTSFRONT_TRUST_PROXY === '1'): boolean {
  return trustProxy && (proto ?? '').split(',')[0]?.trim().toLowerCase() === 'https';
}
