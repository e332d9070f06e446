/**
 * `npm run operator -- return <show|approve|reject|receive|refund> <RMA>` (docs/product/returns.md#states):
 * staff handle a return from a shell, through the same steps as POST /api/operator/returns/{rma}/{step}.
 */
import type { Db } from '#server/db/connection.ts';
import { RETURN_STEPS, type ReturnStep } from '#lib/api/return-contracts.ts';
import { FulfilmentRefused } from '#server/fulfilment/fulfilment-refused.ts';
import { readReturn, type ReturnRecord } from './return-record.ts';
import { runReturnStep } from './return-steps.ts';

export const RETURN_USAGE = 'usage: npm run operator -- return <show|approve|reject|receive|refund> <RMA>';

function describeReturn(r: ReturnRecord): string {
  const refund = r.refundGoodsMinor + r.refundShippingMinor;
  return [
    `${r.rma} (order ${r.orderNumber})  ${r.kind}  ${r.status}  refund ${refund} ${r.currency} (minor units)${r.refundedAt ? `  refunded ${r.refundedAt}` : ''}`,
    ...r.lines.map((l) => `  line ${l.line}: ${l.quantity} × ${l.sku}`),
    r.reason ? `reason ${r.reason}${r.comment ? `: ${r.comment}` : ''}` : '',
    r.returnShipment ? `return code ${r.returnShipment.carrier} ${r.returnShipment.code}` : 'no return code: sent to the address',
  ]
    .filter(Boolean)
    .join('\n');
}

export async function returnCommand(db: Db, args: string[], print: (s: string) => void): Promise<number> {
  const [step, rma] = args;
  if (!rma || !(step === 'show' || (RETURN_STEPS as readonly string[]).includes(step ?? ''))) {
    print(RETURN_USAGE);
    return 2;
  }
  if (step === 'show') {
    const r = await readReturn(db, rma);
    print(r ? describeReturn(r) : `no return ${rma}`);
    return r ? 0 : 1;
  }
  try {
    print(describeReturn(await runReturnStep(db, rma, step as ReturnStep)));
    return 0;
  } catch (err) {
    if (!(err instanceof FulfilmentRefused)) throw err;
    print(`${err.code}: ${err.message}`);
    return 1;
  }
}
