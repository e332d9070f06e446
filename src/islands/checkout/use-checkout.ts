/**
 * The checkout island's connection to the server (docs/product/checkout.md#steps): opens a checkout for
 * the cart on /checkout (then continues at /checkout/{id}), or resumes the one in the path; sends every
 * change as one update, in order; keeps the cart store following each answer, and posts the cart's lines
 * when they change elsewhere (the mini cart on this page, another tab).
 */
import { useEffect, useRef, useState } from 'react';
import type { CheckoutView, UpdateCheckoutRequest } from '#lib/api/checkout-contracts.ts';
import { lineInputs } from '#lib/cart/client-rules.ts';
import { linesSignature } from '#lib/checkout/client-cart-link.ts';
import { getCheckout, openCheckout, updateCheckout, type CheckoutFailure, type CheckoutResult } from '#api-client/checkout.ts';
import { cart, followCheckoutView } from '#stores/cart.ts';
import { couponCodes } from '#stores/discount.ts';
import { consentedVisitorId, providers } from '#stores/experiment.ts';
import { withId, type CheckoutProps } from './checkout-props.ts';

export type CheckoutPhase = 'loading' | 'ready' | 'empty' | 'failed';

export interface CheckoutController {
  phase: CheckoutPhase;
  view: CheckoutView | undefined;
  /** The latest view, also between renders (place order reads it after waiting for the queue). */
  latest: () => CheckoutView | undefined;
  /** A request is in flight: totals dim, placing waits. */
  busy: boolean;
  /** The last refusal or network failure, until the next answer. */
  failure: CheckoutFailure | undefined;
  update: (patch: UpdateCheckoutRequest) => Promise<void>;
  reload: () => Promise<void>;
  /** Resolves when every queued request has been answered. */
  settled: () => Promise<void>;
}

/** What a choice changes in the view before the server answers (a new shipping option has no service point yet). */
function optimisticChoices(patch: UpdateCheckoutRequest): Partial<CheckoutView> {
  const out: Partial<CheckoutView> = {};
  if (patch.shipping_option_id !== undefined)
    Object.assign(out, { shipping_option_id: patch.shipping_option_id, service_point_id: null, service_points: [] });
  if (patch.service_point_id !== undefined) out.service_point_id = patch.service_point_id;
  if (patch.payment_method !== undefined) out.payment_method = patch.payment_method;
  return out;
}

const hasLines = (v: CheckoutView) => v.items.some((i) => i.quantity > 0);

export function useCheckout({ id, paths }: Pick<CheckoutProps, 'id' | 'paths'>): CheckoutController {
  const [phase, setPhase] = useState<CheckoutPhase>('loading');
  const [view, setView] = useState<CheckoutView>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<CheckoutFailure>();
  // a choice shows at once; the answer to the newest request replaces it
  const [chosen, setChosen] = useState<Partial<CheckoutView>>({});
  const viewRef = useRef<CheckoutView>(undefined);
  // the lines last sent or received: a cart change with this signature is already known to the server
  const knownLines = useRef('');
  const queue = useRef<Promise<void>>(Promise.resolve());
  const sequence = useRef(0);
  const inFlight = useRef(0);

  /** Shows an answer; the cart follows it unless the cart is ahead and about to be sent. */
  const apply = (v: CheckoutView, followedByCart = true) => {
    viewRef.current = v;
    knownLines.current = linesSignature(v.items);
    if (followedByCart) followCheckoutView(v);
    document.dispatchEvent(new CustomEvent('pf:checkout-view', { detail: v })); // GA4 checkout events (src/islands/dom/tracking-ecommerce.ts)
    setView(v);
    setFailure(undefined);
    setPhase(hasLines(v) ? 'ready' : 'empty');
  };

  /** Requests run one after another; only the answer to the newest is shown (it includes every earlier change). */
  const send = (request: () => Promise<CheckoutResult<CheckoutView>>): Promise<void> => {
    const n = ++sequence.current;
    inFlight.current++;
    setBusy(true);
    const run = queue.current.then(async () => {
      const r = await request();
      if (n !== sequence.current) return;
      setChosen({});
      if (r.ok) apply(r.data);
      else setFailure(r);
    });
    queue.current = run
      .catch(() => undefined)
      .finally(() => {
        if (--inFlight.current === 0) setBusy(false);
      });
    return queue.current;
  };

  const update = (patch: UpdateCheckoutRequest) => {
    const current = viewRef.current;
    if (!current) return Promise.resolve();
    setChosen((c) => ({ ...c, ...optimisticChoices(patch) }));
    return send(() => updateCheckout(current.id, patch));
  };
  const reload = () => {
    const current = viewRef.current;
    return current ? send(() => getCheckout(current.id)) : Promise.resolve();
  };

  useEffect(() => {
    const fail = (r: CheckoutFailure) => {
      setFailure(r);
      setPhase('failed');
    };
    const start = async () => {
      const local = cart.get();
      if (id) {
        const r = await getCheckout(id);
        if (r.ok && r.data.status === 'completed') return location.replace(withId(paths.confirmation, r.data.id));
        if (r.ok) {
          // the cart changed since this checkout last saw it (e.g. in another tab before a reload): the cart wins
          const cartAhead =
            local.checkoutID === r.data.id &&
            local.items.some((i) => i.quantity > 0) &&
            linesSignature(local.items) !== linesSignature(r.data.items);
          apply(r.data, !cartAhead);
          if (cartAhead) void send(() => updateCheckout(r.data.id, { items: lineInputs(local.items) }));
          return;
        }
        if (r.status !== 404) return fail(r);
        // unknown or expired id: start again from the cart
      }
      if (!local.items.some((i) => i.quantity > 0)) return setPhase('empty');
      const r = await openCheckout({
        checkout_id: id ? null : local.checkoutID,
        items: lineInputs(local.items),
        coupons: couponCodes(),
        shipping_processor: providers().shippingProcessor,
        experiment_visitor: consentedVisitorId(),
      });
      if (!r.ok) return fail(r);
      apply(r.data);
      history.replaceState(history.state, '', withId(paths.checkout, r.data.id));
    };
    void start();
    // lines changed by the mini cart on this page or by another tab go to the checkout
    return cart.listen((state) => {
      const current = viewRef.current;
      if (!current || state.checkoutID !== current.id) return;
      const signature = linesSignature(state.items);
      if (signature === knownLines.current) return;
      knownLines.current = signature;
      void send(() => updateCheckout(current.id, { items: lineInputs(state.items) }));
    });
    // mount once: the id in the path never changes while the page lives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    phase,
    view: view && { ...view, ...chosen },
    latest: () => viewRef.current,
    busy,
    failure,
    update,
    reload,
    settled: () => queue.current,
  };
}
