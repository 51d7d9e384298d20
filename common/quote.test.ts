import { describe, expect, test } from 'bun:test';
import { coachPayoutCents, priceBreakdown } from './money';
import { maxPlatformDiscount, quoteBooking } from './quote';

const coach = (percentOff: number | null, amountOffCents: number | null = null) => ({
  fundedBy: 'coach' as const,
  percentOff,
  amountOffCents,
});
const platform = (percentOff: number | null, amountOffCents: number | null = null) => ({
  fundedBy: 'platform' as const,
  percentOff,
  amountOffCents,
});

describe('quoteBooking', () => {
  test('without a code it is the price breakdown, the coach receiving 85% of price x quantity', () => {
    const q = quoteBooking({ priceCents: 1999, quantity: 3 });
    const p = priceBreakdown(1999, 3);
    expect(q).toEqual({
      subtotalCents: 5997,
      discountCents: 0,
      serviceFeeCents: p.serviceFeeCents,
      totalCents: p.totalCents,
      creditAppliedCents: 0,
      cardCents: p.totalCents,
      payoutCents: coachPayoutCents(5997),
      transferCents: coachPayoutCents(5997),
      discountFundedBy: null,
    });
  });

  test("a coach's 20% code: the fee is 5% of the discounted price and the coach's 85% is of it too", () => {
    const q = quoteBooking({ priceCents: 2500, quantity: 2, discount: coach(20) });
    expect(q).toMatchObject({
      subtotalCents: 5000,
      discountCents: 1000,
      serviceFeeCents: 200,
      totalCents: 4200,
      cardCents: 4200,
      payoutCents: 3400,
    });
    expect(q.discountFundedBy).toBe('coach');
  });

  test('a fixed amount never takes off more than the list price', () => {
    expect(quoteBooking({ priceCents: 1000, quantity: 1, discount: coach(null, 5000) })).toMatchObject({
      discountCents: 1000,
      totalCents: 0,
    });
  });

  test('a coach discount that would leave under 50 cents to pay makes the booking free', () => {
    expect(quoteBooking({ priceCents: 1000, quantity: 1, discount: coach(97) })).toMatchObject({
      discountCents: 1000,
      totalCents: 0,
      payoutCents: 0,
    });
    expect(quoteBooking({ priceCents: 1000, quantity: 1, discount: coach(95) }).totalCents).toBe(53);
  });

  test('a platform code keeps the coach at 85% of the list price, capped where the charge still covers that payout', () => {
    const small = quoteBooking({ priceCents: 2500, quantity: 2, discount: platform(10) });
    expect(small).toMatchObject({
      discountCents: 500,
      serviceFeeCents: 225,
      totalCents: 4725,
      payoutCents: 4250,
      discountFundedBy: 'platform',
    });
    const big = quoteBooking({ priceCents: 2500, quantity: 2, discount: platform(50) });
    expect(big.discountCents).toBe(maxPlatformDiscount(5000));
    expect(big.totalCents).toBeGreaterThanOrEqual(big.payoutCents);
    expect(big.payoutCents).toBe(4250);
  });

  test('the platform cap holds the charge at or above the payout for every price', () => {
    for (let list = 1; list <= 20_000; list += 7) {
      const d = maxPlatformDiscount(list);
      expect(priceBreakdown(list - d, 1).totalCents).toBeGreaterThanOrEqual(coachPayoutCents(list));
      expect(priceBreakdown(list - d - 1, 1).totalCents).toBeLessThan(coachPayoutCents(list) + 2);
    }
  });

  test('credit is spent after the fee, never below zero', () => {
    expect(quoteBooking({ priceCents: 1000, quantity: 1, creditAvailableCents: 400 })).toMatchObject({
      totalCents: 1050,
      creditAppliedCents: 400,
      cardCents: 650,
    });
    expect(quoteBooking({ priceCents: 1000, quantity: 1, creditAvailableCents: 5000 })).toMatchObject({
      creditAppliedCents: 1050,
      cardCents: 0,
      transferCents: 0,
    });
  });
});
