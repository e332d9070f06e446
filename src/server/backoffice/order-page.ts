/**
 * The /orders/<number> page's posts (docs/product/back-office.md#order-page): every action is shown back for
 * confirmation first and acts on `step=confirm`; a done action is audited (order state and payment before and
 * after) and answered with a redirect; a refusal is the domain error's message on the page. A repeat that
 * changes nothing is neither a second change nor a second audit row.
 */
import { seeOther } from './page-answer.ts';
import { formText } from '#lib/staff/form-text.ts';
import { z } from 'zod';
import { getDb } from '#server/db/connection.ts';
import { readOrder } from '#server/orders/order-record.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { requireStaffPost, staffIpOf, type StaffAccess, type StaffRequest } from '#server/staff/staff-guard.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';
import { MAX_NOTE_LENGTH } from '#lib/backoffice/order-history.ts';
import { cancelOrder, deliverAction, pickAction, RESENDABLE, resendOrderEmail, shipAction } from './order-actions.ts';
import { addOrderNote } from './order-detail.ts';
import { sendEInvoiceAgain } from '#server/checkout/e-invoice-delivery.ts';
import type { EDocument } from '#server/einvoice/delivery-queue.ts';

export const ORDER_ACTIONS = ['pick', 'ship', 'deliver', 'cancel', 'resend', 'note', 'einvoice_send'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const actionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['pick', 'ship', 'deliver', 'cancel']) }),
  z.object({ action: z.literal('resend'), kind: z.enum(RESENDABLE) }),
  z.object({ action: z.literal('note'), text: z.string().trim().min(1).max(MAX_NOTE_LENGTH) }),
  // the e-invoice queued again for the access point (docs/product/e-invoices.md#delivery)
  z.object({
    action: z.literal('einvoice_send'),
    document: z.union([z.literal('invoice'), z.string().regex(/^credit-note:(cancel|RMA-\d{1,20}-\d{1,4})$/)]).default('invoice'),
  }),
]);
export type OrderActionInput = z.infer<typeof actionSchema>;

export type OrderPost =
  | { kind: 'answer'; response: Response }
  | { kind: 'confirm'; access: StaffAccess; input: OrderActionInput }
  /** message: the domain error's; null: the form itself was wrong (the page says so in the member's language). */
  | { kind: 'refused'; access: StaffAccess; status: number; message: string | null; input?: OrderActionInput };

const stateOf = async (number: string) => {
  const o = await readOrder(getDb(), number);
  return o ? { state: o.status, payment: o.paymentStatus } : null;
};

async function perform(input: OrderActionInput, number: string, staffId: string): Promise<{ changed: boolean; detail?: unknown }> {
  const db = getDb();
  switch (input.action) {
    case 'pick':
      return pickAction(db, number, staffId);
    case 'ship':
      return shipAction(db, number, staffId);
    case 'deliver':
      return deliverAction(db, number, staffId);
    case 'cancel':
      return cancelOrder(db, number, staffId);
    case 'resend': {
      const r = await resendOrderEmail(db, number, input.kind);
      return { changed: r.changed, detail: { kind: input.kind, mailId: r.mailId } };
    }
    case 'note': {
      const note = await addOrderNote(db, number, staffId, input.text);
      return { changed: true, detail: { noteId: note.id } };
    }
    case 'einvoice_send':
      return { changed: await sendEInvoiceAgain(db, number, input.document as EDocument), detail: { document: input.document } };
  }
}

/** A post to the order page: the guard (orders.act), then confirm or act. */
export async function orderPost(ctx: StaffRequest, number: string): Promise<OrderPost> {
  const post = await requireStaffPost(ctx, 'orders.act');
  if (post instanceof Response) return { kind: 'answer', response: post };
  const { form, ...access } = post;
  const parsed = actionSchema.safeParse({
    action: formText(form, 'action'),
    kind: formText(form, 'kind'),
    text: formText(form, 'text'),
    document: formText(form, 'document') || undefined,
  });
  if (!parsed.success) return { kind: 'refused', access, status: 400, message: null };
  const input = parsed.data;
  if (formText(form, 'step') !== 'confirm') return { kind: 'confirm', access, input };
  const before = await stateOf(number);
  try {
    const result = await perform(input, number, access.staff.id);
    if (result.changed) {
      await recordStaffAction(getDb(), {
        staff: access.staff,
        action: `orders.${input.action}`,
        subject: { type: 'order', id: number },
        before,
        after: { ...(await stateOf(number)), ...(result.detail ? { detail: result.detail } : {}) },
        ip: staffIpOf(ctx),
      });
    }
    const to = `/orders/${encodeURIComponent(number)}?done=${input.action}&changed=${result.changed ? 1 : 0}`;
    return seeOther(to);
  } catch (err) {
    if (err instanceof DomainError) return { kind: 'refused', access, status: err.status, message: err.message, input };
    throw err;
  }
}
