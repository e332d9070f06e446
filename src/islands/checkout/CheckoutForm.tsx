/**
 * The checkout once its view is there (docs/product/checkout.md#steps): lines, coupon, customer, shipping,
 * payment, and the summary with terms and place order beside them on wide screens.
 */
import { useState } from 'react';
import type { CheckoutView, CustomerType } from '#lib/api/checkout-contracts.ts';
import { choiceProblems, type ChoiceField } from '#lib/checkout/client-field-rules.ts';
import type { CheckoutProps } from './checkout-props.ts';
import type { CheckoutController } from './use-checkout.ts';
import { useCustomerForm } from './use-customer-form.ts';
import { useFieldSaver } from './use-field-saver.ts';
import { usePlaceOrder } from './use-place-order.ts';
import CheckoutLines from './CheckoutLines.tsx';
import CheckoutTotals from './CheckoutTotals.tsx';
import CouponEntry from './CouponEntry.tsx';
import CustomerFields from './CustomerFields.tsx';
import CreateAccount from './CreateAccount.tsx';
import ErrorArea from './ErrorArea.tsx';
import PaymentMethods from './PaymentMethods.tsx';
import PlaceOrder from './PlaceOrder.tsx';
import ShippingOptions from './ShippingOptions.tsx';

interface Props extends CheckoutProps {
  checkout: CheckoutController;
  view: CheckoutView;
  failure: string | undefined;
}

export default function CheckoutForm({ checkout, view, failure, locale, t, shared, paths, allowExVAT }: Props) {
  const form = useCustomerForm(locale, view, t.problems);
  const saver = useFieldSaver(checkout.update);
  const order = usePlaceOrder(locale, checkout, form, saver, t);
  const [terms, setTerms] = useState(false);
  const exVat = allowExVAT && view.prices_ex_vat;

  // after a placing attempt the choices still missing are shown, and clear as soon as they are made
  const missing = form.submitted ? choiceProblems(view, form.type, terms) : [];
  const serverProblem = (field: string) => view.problems.find((p) => p.field === field)?.message;
  // a refused place order marks its field with the server's message (use-place-order.ts)
  const refused = (field: string) => (order.refusal?.field === field ? order.refusal.message : undefined);
  const choiceProblem = (field: ChoiceField) =>
    missing.includes(field) ? t.problems[field] : ((form.submitted ? serverProblem(field) : undefined) ?? refused(field));
  const setType = (type: CustomerType) => {
    form.setType(type);
    void saver.flush().then(() => checkout.update({ customer: { type } }));
  };

  return (
    <>
      <ErrorArea message={order.error ?? failure} />
      <div className="checkout__grid">
        <div className="checkout__main">
          <CheckoutLines locale={locale} items={view.items} exVat={exVat} t={t} shared={shared} productPath={paths.product} />
          <CouponEntry coupons={view.coupons} t={t.coupon} onCodes={(coupons) => void checkout.update({ coupons })} />
          <CustomerFields
            locale={locale}
            view={view}
            form={form}
            saver={saver}
            t={t}
            refused={refused}
            onEdit={order.changed}
            onTypeChange={setType}
          />
          <CreateAccount
            t={t.customer}
            checked={view.customer.create_account === true}
            onChange={(create_account) => void saver.flush().then(() => checkout.update({ customer: { create_account } }))}
          />
          <ShippingOptions
            locale={locale}
            view={view}
            exVat={exVat}
            t={t.shipping}
            problems={{ option: choiceProblem('shipping_option_id'), servicePoint: choiceProblem('service_point_id') }}
            onOption={(id) => {
              order.changed('shipping_option_id');
              void checkout.update({ shipping_option_id: id });
            }}
            onServicePoint={(id) => {
              order.changed('service_point_id');
              void checkout.update({ service_point_id: id });
            }}
          />
          <PaymentMethods
            view={view}
            type={form.type}
            t={t.payment}
            problem={choiceProblem('payment_method')}
            onChange={(id) => {
              order.changed('payment_method');
              void checkout.update({ payment_method: id });
            }}
          />
        </div>
        <aside className="checkout__summary">
          <CheckoutTotals
            locale={locale}
            totals={view.totals}
            exVat={exVat}
            busy={checkout.busy}
            loading={checkout.busy || order.placing}
            loadingText={order.placing ? t.placing : t.updating}
            t={t.totals}
          />
          <PlaceOrder
            t={t}
            consumer={form.type === 'consumer'}
            terms={terms}
            termsProblem={choiceProblem('terms')}
            placing={order.placing}
            onTerms={setTerms}
            onPlace={() => void order.place(terms)}
          />
        </aside>
      </div>
    </>
  );
}
