/**
 * The retail personalisation service (docs/product/tracking.md#personalisation-service), only with the
 * personalisation consent and only where the storefront has one (GET /api/public-config): the visitor id is fetched once (POST { websiteUUid } → { id }, through our API)
 * and kept in the `personalisation` slice; the confirmation page reports its order for that id. A failed
 * purchase report goes to /captuerr; every other failure is silent. Withdrawn consent forgets the id.
 */
import { personalisation } from '#stores/personalisation.ts';
import { postPersonalisationPurchase, postPersonalisationVisitor } from '#api-client/tracking.ts';
import { reportClientError } from '#api-client/telemetry.ts';
import { publicConfig } from '#api-client/public-config.ts';
import { onConsentChange, permissions } from './tracking-consent.ts';
import { alreadyTracked, markTracked, purchaseProps } from './tracking-ecommerce.ts';

async function ensureVisitorId(): Promise<string | null> {
  const known = personalisation.get().userId;
  if (known) return known;
  // a storefront without the service is not asked at all (docs/product/api.md#public-config)
  if (!(await publicConfig())?.personalisation) return null;
  const r = await postPersonalisationVisitor();
  if (!r.ok || !r.data?.id) return null;
  personalisation.set({ ...personalisation.get(), userId: r.data.id });
  return r.data.id;
}

async function reportPurchase(visitor: string): Promise<void> {
  const p = purchaseProps();
  const id = p?.event.ecommerce.transaction_id;
  if (!p || !id || alreadyTracked(`personalisation:${id}`)) return;
  // 0: the request itself failed (offline, blocked)
  const status = await postPersonalisationPurchase({ checkout_id: p.checkout_id, visitor_id: visitor }).then(
    (r) => r.status,
    () => 0,
  );
  if (status >= 200 && status < 300) return markTracked(`personalisation:${id}`);
  reportClientError({
    error: `purchase tracking failed: personalisation service, order ${id}, status ${status || 'network'}`,
    level: 'warning',
    userAgent: navigator.userAgent.slice(0, 512),
    url: location.href.slice(0, 2048),
  });
}

async function run(): Promise<void> {
  try {
    const visitor = await ensureVisitorId();
    if (visitor) await reportPurchase(visitor);
  } catch {
    /* tracking fails silently (docs/product/errors.md#silent-failures) */
  }
}

function forget(): void {
  if (personalisation.get().userId) personalisation.set({ ...personalisation.get(), userId: null });
}

export function watchPersonalisation(): void {
  if (permissions().personalisation) void run();
  else forget();
  onConsentChange((p) => (p.personalisation ? void run() : forget()));
}
