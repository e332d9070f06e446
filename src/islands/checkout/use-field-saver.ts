/**
 * Customer fields are saved while the shopper types: the changes of one pause (400 ms, FIELD_SAVE_DEBOUNCE_MS)
 * go to the server as one update; leaving a field or placing the order sends what is pending at once.
 */
import { useEffect, useRef, useState } from 'react';
import type { UpdateCheckoutRequest } from '#lib/api/checkout-contracts.ts';
import { FIELD_SAVE_DEBOUNCE_MS, type CustomerField } from '#lib/checkout/client-field-rules.ts';

export interface FieldSaver {
  save: (field: CustomerField, value: string) => void;
  flush: () => Promise<void>;
}

export function useFieldSaver(update: (patch: UpdateCheckoutRequest) => Promise<void>): FieldSaver {
  // the newest update function; the saver itself stays one object for the page's life
  const send = useRef(update);
  useEffect(() => {
    send.current = update;
  });
  const [saver] = useState(() => {
    let pending: Partial<Record<CustomerField, string>> = {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = (): Promise<void> => {
      clearTimeout(timer);
      const customer = pending;
      pending = {};
      return Object.keys(customer).length ? send.current({ customer }) : Promise.resolve();
    };
    const save = (field: CustomerField, value: string) => {
      pending = { ...pending, [field]: value };
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), FIELD_SAVE_DEBOUNCE_MS);
    };
    return { flush, save, stop: () => clearTimeout(timer) };
  });
  useEffect(() => saver.stop, [saver]);
  return saver;
}
