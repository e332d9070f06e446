/** Current-deal countdown rules (docs/product/layout.md#deal-banner). */
import type { Deal } from '#lib/api/content-contracts.ts';

export function dealLive(deal: Pick<Deal, 'starts_at' | 'expires_at'>, now: number): boolean {
  const start = Date.parse(deal.starts_at);
  const end = Date.parse(deal.expires_at);
  return Number.isFinite(start) && Number.isFinite(end) && now >= start && now < end;
}

/** Whole seconds left, never below zero. */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
}

/** hh:mm:ss; hours keep counting past 24. */
export function formatHms(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
