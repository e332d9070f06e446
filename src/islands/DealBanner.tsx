/**
 * Current-deal banner (SPEC §4): shown only between starts_at and expires_at, counts down hh:mm:ss,
 * pauses while the tab is hidden, re-syncs from the clock when visible again, stops at zero.
 */
import { useEffect, useState } from 'react';
import { dealLive, formatHms, secondsLeft, type Deal } from '../lib/deal-countdown.ts';
import { getJson } from '../stores/api.ts';
import { productHref } from './format.ts';

interface Props { productPath: string; endsIn: string }

export default function DealBanner({ productPath, endsIn }: Props) {
  const [deal, setDeal] = useState<Deal>();
  const [left, setLeft] = useState(0);

  useEffect(() => {
    getJson<Deal>('/api/current-deal').then((r) => {
      if (r.ok && r.data && dealLive(r.data, Date.now())) setDeal(r.data);
    }).catch(() => { /* deal errors are ignored (SPEC §7) */ });
  }, []);

  useEffect(() => {
    if (!deal) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = () => {
      const s = secondsLeft(deal.expires_at, Date.now());
      setLeft(s);
      if (s === 0 && timer) { clearInterval(timer); timer = undefined; }
    };
    const start = () => { tick(); if (!timer && secondsLeft(deal.expires_at, Date.now()) > 0) timer = setInterval(tick, 1000); };
    const stop = () => { clearInterval(timer); timer = undefined; };
    const onVisibility = () => (document.hidden ? stop() : start());
    if (!document.hidden) start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => { stop(); document.removeEventListener('visibilitychange', onVisibility); };
  }, [deal]);

  if (!deal) return null;
  return (
    <div className="deal-banner" data-testid="deal-banner" data-seconds={left}>
      <a href={productHref(productPath, deal.product_slug)}>{deal.title}: {deal.product_name} −{deal.discount} %</a>
      {' · '}{endsIn}<span className="deal-banner__clock" data-testid="deal-countdown">{formatHms(left)}</span>
    </div>
  );
}
