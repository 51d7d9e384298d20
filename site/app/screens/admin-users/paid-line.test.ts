import { describe, expect, test } from 'bun:test';
import { paidLine } from './paid-line';

describe('paidLine', () => {
  test('a free booking, a card payment, credit paying it all, and the split', () => {
    expect(paidLine({ amount: 0, creditApplied: 0 })).toBe('Free');
    expect(paidLine({ amount: 21, creditApplied: 0 })).toBe('Paid $21.00');
    expect(paidLine({ amount: 21, creditApplied: 21 })).toBe('Paid with credit $21.00');
    expect(paidLine({ amount: 31.5, creditApplied: 21 })).toBe('Paid $31.50: $10.50 by card, $21.00 with credit');
  });
});
