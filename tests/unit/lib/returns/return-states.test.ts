import { describe, expect, it } from 'vitest';
import { countsAgainstOrder, initialReturnState, rmaNumber, transitionReturn } from '#lib/returns/return-states.ts';

describe('return states', () => {
  it('goes requested → approved → received → refunded, or requested → rejected', () => {
    expect(transitionReturn('requested', 'approve')).toEqual({ ok: true, record: { from: 'requested', to: 'approved', event: 'approve' } });
    expect(transitionReturn('approved', 'receive')).toMatchObject({ ok: true, record: { to: 'received' } });
    expect(transitionReturn('received', 'refund')).toMatchObject({ ok: true, record: { to: 'refunded' } });
    expect(transitionReturn('requested', 'reject')).toMatchObject({ ok: true, record: { to: 'rejected' } });
  });

  it('refuses steps out of order and anything after the end', () => {
    expect(transitionReturn('requested', 'refund').ok).toBe(false);
    expect(transitionReturn('approved', 'reject').ok).toBe(false);
    expect(transitionReturn('refunded', 'refund').ok).toBe(false);
    expect(transitionReturn('rejected', 'approve').ok).toBe(false);
  });

  it('a withdrawal starts approved (it cannot be refused), a policy return starts requested', () => {
    expect(initialReturnState('withdrawal')).toBe('approved');
    expect(initialReturnState('return')).toBe('requested');
  });

  it('only a rejected return gives its units back', () => {
    expect(countsAgainstOrder('rejected')).toBe(false);
    expect(countsAgainstOrder('refunded')).toBe(true);
  });

  it('numbers returns per order', () => {
    expect(rmaNumber('1001007', 2)).toBe('RMA-1001007-2');
  });
});
