import { describe, expect, test } from 'bun:test';
import { figuresOf } from './statement';

describe('figuresOf', () => {
  test('a kept booking: the coach gets 85% of price x spots, the platform 15%', () => {
    expect(figuresOf({ subtotalCents: 5997, serviceFeeCents: 300, amountCents: 6297, refundAmountCents: null })).toEqual({
      gross: 5997,
      refunds: 0,
      platformFees: 900,
      net: 5097,
      serviceFees: 300,
      refundedToCustomers: 0,
    });
  });

  test('a fully refunded booking leaves nothing to the coach or the platform', () => {
    expect(figuresOf({ subtotalCents: 2500, serviceFeeCents: 125, amountCents: 2625, refundAmountCents: 2625 })).toEqual({
      gross: 2500,
      refunds: 2500,
      platformFees: 0,
      net: 0,
      serviceFees: 125,
      refundedToCustomers: 2625,
    });
  });

  test('a cancellation too late for a refund (refund 0) keeps everything', () => {
    expect(figuresOf({ subtotalCents: 2500, serviceFeeCents: 125, amountCents: 2625, refundAmountCents: 0 }).net).toBe(2125);
  });

  test('a partial refund takes back shares in proportion, and the line still adds up', () => {
    const f = figuresOf({ subtotalCents: 1000, serviceFeeCents: 50, amountCents: 1050, refundAmountCents: 525 });
    expect(f).toMatchObject({ refunds: 500, net: 425, platformFees: 75 });
    expect(f.gross - f.refunds - f.platformFees).toBe(f.net);
  });

  test("a coach's own promo code: the class sold for the discounted price, the coach gets 85% of that", () => {
    const f = figuresOf({
      subtotalCents: 5000,
      discountCents: 1000,
      discountFundedBy: 'coach',
      payoutCents: 3400,
      serviceFeeCents: 200,
      amountCents: 4200,
      refundAmountCents: null,
    });
    expect(f).toEqual({ gross: 4000, refunds: 0, platformFees: 600, net: 3400, serviceFees: 200, refundedToCustomers: 0 });
  });

  test('a platform code: the coach still gets 85% of the full price; a refund of what was paid takes it all back', () => {
    const kept = figuresOf({
      subtotalCents: 4000,
      discountCents: 400,
      discountFundedBy: 'platform',
      payoutCents: 3400,
      serviceFeeCents: 180,
      amountCents: 3780,
      refundAmountCents: null,
    });
    expect(kept).toMatchObject({ gross: 4000, net: 3400, platformFees: 600 });
    const refunded = figuresOf({
      subtotalCents: 4000,
      discountCents: 400,
      discountFundedBy: 'platform',
      payoutCents: 3400,
      serviceFeeCents: 180,
      amountCents: 3780,
      refundAmountCents: 3780,
    });
    expect(refunded).toMatchObject({ gross: 4000, refunds: 4000, net: 0, platformFees: 0, refundedToCustomers: 3780 });
  });
});
