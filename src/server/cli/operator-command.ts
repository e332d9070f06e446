/**
 * `npm run operator` (docs/product/fulfilment.md#operator-access): the operator's steps from a shell, through the same
 * service and validation as POST /api/operator/orders/{number}/{action}.
 *   npm run operator -- show <order number>
 *   npm run operator -- pick <order number>
 *   npm run operator -- ship <order number> [--tracking <number> [--carrier <name>] [--url <https link>]] [--weight <grams>]
 *   npm run operator -- deliver <order number> [--at <ISO time>]
 *   npm run operator -- return <show|approve|reject|receive|refund> <RMA>   (docs/product/returns.md)
 */
import type { Db } from '#server/db/connection.ts';
import { OPERATOR_ACTIONS, OPERATOR_REQUEST_SCHEMAS, type OperatorAction } from '#lib/api/operator-contracts.ts';
import { parseOrderNumber } from '#lib/orders/order-number.ts';
import { runOperatorAction } from '#server/fulfilment/operator-actions.ts';
import { operatorView } from '#server/fulfilment/operator-view.ts';
import { readOrder, type OrderRecord } from '#server/orders/order-record.ts';
import { FulfilmentRefused } from '#server/fulfilment/fulfilment-refused.ts';
import { returnCommand } from '#server/returns/return-command.ts';

const USAGE =
  'usage: npm run operator -- <show|pick|ship|deliver> <order number> [--tracking <no> [--carrier <name>] [--url <https>]] [--weight <g>] [--at <ISO time>]';

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? undefined : args[i + 1];
}

function bodyOf(action: OperatorAction, args: string[]): unknown {
  if (action === 'ship') {
    const weight = flag(args, 'weight');
    return {
      ...(flag(args, 'tracking') !== undefined ? { tracking_number: flag(args, 'tracking') } : {}),
      ...(flag(args, 'carrier') !== undefined ? { carrier: flag(args, 'carrier') } : {}),
      ...(flag(args, 'url') !== undefined ? { tracking_url: flag(args, 'url') } : {}),
      ...(weight !== undefined ? { weight_grams: Number(weight) } : {}),
    };
  }
  if (action === 'deliver') return flag(args, 'at') !== undefined ? { delivered_at: flag(args, 'at') } : {};
  return {};
}

export function describeOrder(o: OrderRecord): string {
  const v = operatorView(o);
  const s = v.shipment;
  return [
    `order ${v.number} (${v.locale})  ${v.status}  payment ${v.payment_status ?? '-'} via ${v.payment_provider}  total ${v.total_minor} ${v.currency} (minor units)`,
    `placed ${v.placed_at}${v.delivered_at ? `  delivered ${v.delivered_at}` : ''}`,
    s ? `shipment ${s.provider}: ${s.carrier} ${s.tracking_number}${s.tracking_url ? ` ${s.tracking_url}` : ''}` : 'no shipment',
    'events:',
    ...v.events.map(
      (e) => `  ${e.at}  ${e.kind.padEnd(8)} ${(e.from_state ?? '-').padEnd(16)} → ${e.to_state.padEnd(18)} ${e.event} (${e.source})`,
    ),
  ].join('\n');
}

export async function operatorCommand(db: Db, args: string[], print: (s: string) => void = console.log): Promise<number> {
  const [command, input] = args;
  if (command === 'return') return returnCommand(db, args.slice(1), print);
  const parsed = parseOrderNumber(input ?? '');
  if (!command || !parsed.ok || (command !== 'show' && !(OPERATOR_ACTIONS as readonly string[]).includes(command))) {
    print(input && !parsed.ok ? `not an order number: ${input}\n${USAGE}` : USAGE);
    return 2;
  }
  if (command === 'show') {
    const order = await readOrder(db, parsed.orderNumber);
    print(order ? describeOrder(order) : `no order ${parsed.orderNumber}`);
    return order ? 0 : 1;
  }
  const action = command as OperatorAction;
  const body = OPERATOR_REQUEST_SCHEMAS[action].safeParse(bodyOf(action, args.slice(2)));
  if (!body.success) {
    print(`${body.error.issues[0]?.path.join('.') ?? ''}: ${body.error.issues[0]?.message ?? 'invalid'}\n${USAGE}`);
    return 2;
  }
  try {
    print(describeOrder(await runOperatorAction(db, action, parsed.orderNumber, body.data)));
    return 0;
  } catch (err) {
    if (!(err instanceof FulfilmentRefused)) throw err;
    print(`${err.code}: ${err.message}`);
    return 1;
  }
}
