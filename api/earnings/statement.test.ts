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
      cardCharged: 6297,
      platformDiscounts: 0,
      creditApplied: 0,
      refundedAsCredit: 0,
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
      cardCharged: 2625,
      platformDiscounts: 0,
      creditApplied: 0,
      refundedAsCredit: 0,
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
    expect(f).toEqual({
      gross: 4000,
      refunds: 0,
      platformFees: 600,
      net: 3400,
      serviceFees: 200,
      refundedToCustomers: 0,
      cardCharged: 4200,
      platformDiscounts: 0,
      creditApplied: 0,
      refundedAsCredit: 0,
    });
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
    expect(kept).toMatchObject({ gross: 4000, net: 3400, platformFees: 600, serviceFees: 180, cardCharged: 3780, platformDiscounts: 400 });
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

  // Coach credit (issue 20): counted where the money moved, once.
  test("a booking given back as credit is not refunded: its money stays the coach's, the credit is named beside it", () => {
    const f = figuresOf({ subtotalCents: 2000, serviceFeeCents: 100, amountCents: 2100, refundAmountCents: 0, creditIssuedCents: 2100 });
    expect(f).toMatchObject({ gross: 2000, refunds: 0, net: 1700, cardCharged: 2100, refundedAsCredit: 2100, creditApplied: 0 });
  });

  test('credit spent adds no gross: only the card part is a sale, and net is the reduced transfer', () => {
    // 3150 paid 2100 by credit, 1050 by card; the transfer is 2550 - floor(2550 x 2100 / 3150) = 850.
    const f = figuresOf({
      subtotalCents: 3000,
      serviceFeeCents: 150,
      amountCents: 3150,
      refundAmountCents: null,
      creditAppliedCents: 2100,
    });
    expect(f).toMatchObject({
      gross: 1000,
      refunds: 0,
      platformFees: 150,
      net: 850,
      serviceFees: 50,
      cardCharged: 1050,
      creditApplied: 2100,
    });
  });

  test('credit paying it all is no sale at all; a refund of a split booking takes back only the card part', () => {
    const wholly = figuresOf({
      subtotalCents: 1000,
      serviceFeeCents: 50,
      amountCents: 1050,
      refundAmountCents: 0,
      creditAppliedCents: 1050,
    });
    expect(wholly).toMatchObject({ gross: 0, refunds: 0, platformFees: 0, net: 0, serviceFees: 0, cardCharged: 0, creditApplied: 1050 });
    const back = figuresOf({
      subtotalCents: 3000,
      serviceFeeCents: 150,
      amountCents: 3150,
      refundAmountCents: 1050,
      creditAppliedCents: 2100,
      creditIssuedCents: 2100,
    });
    expect(back).toMatchObject({ gross: 1000, refunds: 1000, platformFees: 0, net: 0, refundedToCustomers: 1050, refundedAsCredit: 2100 });
  });

  test('on odd cents the card charge still adds up exactly: gross + serviceFees - platformDiscounts = cardCharged', () => {
    for (const [sub, credit, discount, by] of [
      [1999, 7, 0, null],
      [3333, 1234, 333, 'coach'],
      [4001, 999, 400, 'platform'],
    ] as const) {
      const service = Math.round((sub - discount) * 0.05);
      const f = figuresOf({
        subtotalCents: sub,
        discountCents: discount,
        discountFundedBy: by,
        serviceFeeCents: service,
        amountCents: sub - discount + service,
        refundAmountCents: null,
        creditAppliedCents: credit,
      });
      expect(f.gross + f.serviceFees - f.platformDiscounts).toBe(f.cardCharged);
      expect(f.cardCharged + f.creditApplied).toBe(sub - discount + service);
      expect(f.gross - f.refunds - f.platformFees).toBe(f.net);
    }
  });
});
