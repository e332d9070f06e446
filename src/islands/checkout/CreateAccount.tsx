/**
 * "Create an account with this order" (docs/product/accounts.md#account-at-checkout): a checkbox saved with the
 * checkout's customer (`create_account`); the server acts on it when the order is created. Not offered to a
 * visitor who is logged in to an account.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { isLoggedIn } from '#lib/account/client-rules.ts';
import { auth } from '#stores/auth.ts';
import type { CheckoutStrings } from './checkout-props.ts';
import { controlId } from './field-ids.ts';

interface Props {
  t: CheckoutStrings['customer'];
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export default function CreateAccount({ t, checked, onChange }: Props) {
  const session = useStore(auth);
  // ticked at once; the server's answer (the checkout view) has the last word
  const [on, setOn] = useState(checked);
  // the session as of when the checkout opened (a session ending meanwhile does not hide the box mid-form)
  const [openedAt] = useState(() => Date.now());
  useEffect(() => setOn(checked), [checked]);
  if (isLoggedIn(session, openedAt) && session.strategy === 'myAccount') return null;
  return (
    <div className="field field--check checkout__create-account">
      <label>
        <input
          id={controlId('create_account')}
          type="checkbox"
          checked={on}
          data-testid="checkout-create-account"
          aria-describedby={`${controlId('create_account')}-hint`}
          onChange={(e) => {
            setOn(e.currentTarget.checked);
            onChange(e.currentTarget.checked);
          }}
        />
        {t.create_account}
      </label>
      <small id={`${controlId('create_account')}-hint`}>{t.create_account_hint}</small>
    </div>
  );
}
