/**
 * The customer part of the checkout form: what the shopper typed, the instant check of each field on
 * blur (client-field-rules.ts), and which of the server's problems to show. A server problem is shown for
 * a field the shopper has left after typing in it, or for every field once placing was tried; the
 * server's message wins over no local finding, a local finding is shown at once.
 */
import { useState } from 'react';
import type { CheckoutView, CustomerType } from '#lib/api/checkout-contracts.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import {
  CUSTOMER_FIELDS,
  customerProblems,
  fieldProblem,
  formFieldOf,
  type CustomerField,
  type FieldRule,
} from '#lib/checkout/client-field-rules.ts';

export type CustomerValues = Record<CustomerField, string>;

export interface CustomerForm {
  type: CustomerType;
  values: CustomerValues;
  setType: (type: CustomerType) => void;
  change: (field: CustomerField, value: string) => void;
  blur: (field: CustomerField) => void;
  /** Placing was tried: checks every field, shows every problem; returns the fields with one. */
  submit: () => CustomerField[];
  submitted: boolean;
  /** Shows the server's value of a field (a refused place order about it: what is placed is what the server has). */
  adopt: (field: CustomerField, value: string) => void;
  /** The text to show next to a field, if any. */
  problem: (field: CustomerField, view: CheckoutView) => string | undefined;
}

export function useCustomerForm(locale: LocaleCode, initial: CheckoutView, messages: Record<FieldRule, string>): CustomerForm {
  const [type, setType] = useState<CustomerType>(initial.customer.type ?? 'consumer');
  const [values, setValues] = useState<CustomerValues>(
    () => Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, initial.customer[f] ?? ''])) as CustomerValues,
  );
  const [local, setLocal] = useState<Partial<Record<CustomerField, FieldRule>>>({});
  const [edited, setEdited] = useState<ReadonlySet<CustomerField>>(() => new Set(CUSTOMER_FIELDS.filter((f) => initial.customer[f])));
  const [left, setLeft] = useState<ReadonlySet<CustomerField>>(() => new Set(CUSTOMER_FIELDS.filter((f) => initial.customer[f])));
  const [submitted, setSubmitted] = useState(false);

  const check = (field: CustomerField, value: string) => {
    // an untouched empty field is not "required" yet: that waits for placing
    const rule = fieldProblem(locale, field, value);
    return rule === 'required' && !edited.has(field) && !submitted ? undefined : rule;
  };

  return {
    type,
    values,
    setType,
    submitted,
    change: (field, value) => {
      setValues((v) => ({ ...v, [field]: value }));
      setEdited((s) => (s.has(field) ? s : new Set([...s, field])));
      // a shown finding clears as soon as the value is right
      if (local[field]) setLocal((l) => ({ ...l, [field]: fieldProblem(locale, field, value) }));
    },
    blur: (field) => {
      setLocal((l) => ({ ...l, [field]: check(field, values[field]) }));
      if (edited.has(field)) setLeft((s) => (s.has(field) ? s : new Set([...s, field])));
    },
    adopt: (field, value) => setValues((v) => (v[field] === value ? v : { ...v, [field]: value })),
    submit: () => {
      const found = customerProblems(locale, type, values);
      setLocal(Object.fromEntries(found.map((p) => [p.field, p.rule])));
      setSubmitted(true);
      return found.map((p) => p.field);
    },
    problem: (field, view) => {
      const rule = local[field];
      if (rule) return messages[rule];
      if (!submitted && !left.has(field)) return undefined;
      return view.problems.find((p) => formFieldOf(p.field) === field)?.message;
    },
  };
}
