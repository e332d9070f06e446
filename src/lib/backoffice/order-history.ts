/**
 * The order page's timeline (docs/product/back-office-data.md#order-page): the order's state events, its returns,
 * the e-mails sent and staff's internal notes in one list, oldest first.
 */

export type OrderHistoryKind = 'state' | 'payment' | 'return' | 'mail' | 'note';

export interface OrderHistoryEntry {
  at: string;
  kind: OrderHistoryKind;
  /** What happened: the new state ('picked'), the return's state, the mail's kind, or the note's text. */
  what: string;
  /** Who or what did it: 'operator', 'webhook', 'customer', a staff id, 'outbox'. */
  by: string;
}

export interface HistoryInput {
  events: { at: string; kind: string; to_state: string; source: string }[];
  returns: { rma: string; kind: string; status: string; created_at: string; updated_at: string; requested_by: string }[];
  mails: { kind: string; status: string; created_at: string; sent_at: string | null }[];
  notes: { body: string; staff_id: string; created_at: string }[];
}

export function orderHistory(input: HistoryInput): OrderHistoryEntry[] {
  const entries: OrderHistoryEntry[] = [
    ...input.events.map((e) => ({
      at: e.at,
      kind: (e.kind === 'payment' ? 'payment' : 'state') as OrderHistoryKind,
      what: e.to_state,
      by: e.source,
    })),
    ...input.returns.flatMap((r) => {
      const requested = { at: r.created_at, kind: 'return' as const, what: `${r.kind} ${r.rma} requested`, by: r.requested_by };
      return r.status === 'requested'
        ? [requested]
        : [requested, { at: r.updated_at, kind: 'return' as const, what: `${r.kind} ${r.rma} ${r.status}`, by: 'operator' }];
    }),
    ...input.mails.map((m) => ({ at: m.sent_at ?? m.created_at, kind: 'mail' as const, what: `${m.kind} ${m.status}`, by: 'outbox' })),
    ...input.notes.map((n) => ({ at: n.created_at, kind: 'note' as const, what: n.body, by: n.staff_id })),
  ];
  // stable: entries of one instant keep the order above (the event before the mail it caused)
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => Date.parse(a.e.at) - Date.parse(b.e.at) || a.i - b.i)
    .map(({ e }) => e);
}

/** The longest internal note: a few paragraphs, not a document store. */
export const MAX_NOTE_LENGTH = 2000;
