/** The Klarna sandbox's credentials, test persons and lifetimes (documented in sandbox/README.md). */
const env = process.env;

export const KLARNA_SANDBOX = {
  username: env.SANDBOX_KLARNA_USERNAME ?? 'PK_SANDBOX_partsfront',
  password: env.SANDBOX_KLARNA_PASSWORD ?? 'sandbox-klarna-password',
};

export type PersonKey = 'approved' | 'declined';

/** The "person" the shopper identifies as on the payment page decides Klarna's credit answer. */
export const TEST_PERSONS: Record<PersonKey, { label: string; nationalId: string }> = {
  approved: { label: 'Testperson Approved (credit approved)', nationalId: '19770111-6050' },
  declined: { label: 'Testperson Denied (credit declined)', nationalId: '19770111-6051' },
};

/** Klarna's convention: an e-mail with "+denied" in it (customer+denied@example.com) is a declined test person. */
export const defaultPerson = (email: string | undefined): PersonKey => (email?.includes('+denied') ? 'declined' : 'approved');

const HOUR = 60 * 60 * 1000;
/** KP sessions live 48 h; an HPP session expires 1 h before its KP session; authorization tokens 60 min. */
export const KP_SESSION_TTL_MS = 48 * HOUR;
export const HPP_SESSION_TTL_MS = 47 * HOUR;
export const AUTHORIZATION_TTL_MS = HOUR;
/** How long an order can be captured (Klarna's default authorization lifetime: 28 days). */
export const ORDER_CAPTURE_TTL_MS = 28 * 24 * HOUR;
