/**
 * An address shown on a page anyone holding a link can open (docs/product/emails.md#the-unsubscribe-page):
 * enough for its owner to recognise it, not the whole address — 'anna@example.se' → 'a***@example.se'.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
