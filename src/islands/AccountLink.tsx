/** Account link (SPEC §2): my-order scope → that order, logged in → my account orders, else opens login. */
import { useStore } from '@nanostores/react';
import { accountLinkTarget } from '../lib/account-rules.ts';
import { auth } from '../stores/auth.ts';
import { login } from '../stores/ui.ts';
import { useMounted } from './use-mounted.ts';

interface Props { label: string; loginLabel: string; ordersHref: string; orderPath: string }

export default function AccountLink({ label, loginLabel, ordersHref, orderPath }: Props) {
  const mounted = useMounted();
  const state = useStore(auth);
  const target = mounted ? accountLinkTarget(state) : { kind: 'orders' as const };
  const href = target.kind === 'order' ? orderPath.replace('__id__', encodeURIComponent(target.id)) : ordersHref;
  return (
    <a
      className="account-link" href={href} data-testid="account-link" data-target={mounted ? target.kind : undefined}
      onClick={(e) => { if (target.kind === 'login') { e.preventDefault(); login('show'); } }}
    >
      {target.kind === 'login' && mounted ? loginLabel : label}
    </a>
  );
}
