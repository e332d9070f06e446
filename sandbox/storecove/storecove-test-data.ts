/**
 * The Storecove emulator's credentials and receivers (sandbox/README.md#storecove): public values, useless anywhere
 * else. The shop's sandbox defaults (src/server/einvoice/access-point-config.ts) are the same.
 */
export const STORECOVE_API_KEY = 'sandbox-storecove-api-key';
export const STORECOVE_LEGAL_ENTITY_ID = 100_001;

/** A receiver whose id starts with "000" is not on the Peppol network: the submission is taken, then fails. */
export const unreachableReceiver = (id: string): boolean => id.startsWith('000');
export const UNREACHABLE_DETAILS = 'Receiver not found on the Peppol network (no SMP registration for this identifier)';
