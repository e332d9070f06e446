/**
 * The optional second factor (docs/product/back-office.md#totp): RFC 6238 time-based codes through the otpauth
 * library — SHA-1, 6 digits, 30 s, one step either side accepted (a clock a little off still works). The QR code
 * is an inline SVG (no image request, allowed by the CSP). Secrets are never logged.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const ISSUER = 'Partsfront back office';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totpOf = (secret: string, label = 'staff') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** A 6-digit code of this step or the one before or after. */
export function verifyTotp(secret: string, code: string, now = Date.now()): boolean {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  return totpOf(secret).validate({ token, timestamp: now, window: 1 }) !== null;
}

/** The QR code of the URI as SVG markup (scaled by CSS). */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
