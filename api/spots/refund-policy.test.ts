// The cancellation policy's evaluation (issue 20): tiers to an amount in whole cents and the next deadline.
import { describe, expect, test } from 'bun:test';
import { cancellationTerms, DEFAULT_POLICY, describePolicy, normalizePolicy, policyFrom, tierProblem } from './refund-policy';

const start = new Date('2030-05-10T16:00:00Z');
const hoursBefore = (h: number) => new Date(start.getTime() - h * 3_600_000);
const strict = normalizePolicy({ preset: 'strict' });

describe('cancellationTerms', () => {
  test('Strict: full until 7 days, 50% (rounded down to the cent) until 48 hours, then nothing', () => {
    expect(cancellationTerms(strict, 3149, start, hoursBefore(200))).toMatchObject({
      refundCents: 3149,
      refundPercent: 100,
      nextRefundCents: 1574,
    });
    const threeDays = cancellationTerms(strict, 3149, start, hoursBefore(72));
    expect(threeDays).toMatchObject({ refundCents: 1574, refundPercent: 50, nextRefundCents: 0, nextRefundPercent: 0 });
    expect(threeDays.refundUntil).toEqual(hoursBefore(48));
    expect(cancellationTerms(strict, 3149, start, hoursBefore(47)).refundCents).toBe(0);
  });

  test('Moderate is the 48-hour rule: the deadline itself still refunds in full', () => {
    expect(cancellationTerms(DEFAULT_POLICY, 2100, start, hoursBefore(48)).refundCents).toBe(2100);
    expect(cancellationTerms(DEFAULT_POLICY, 2100, start, new Date(hoursBefore(48).getTime() + 1)).refundCents).toBe(0);
  });

  test('credit is offered only when it is worth more than the refund, until the start', () => {
    const withCredit = { ...strict, creditPercent: 100 };
    expect(cancellationTerms(withCredit, 2000, start, hoursBefore(200)).creditCents).toBeNull();
    expect(cancellationTerms(withCredit, 2000, start, hoursBefore(72)).creditCents).toBe(2000);
    expect(cancellationTerms(withCredit, 2000, start, hoursBefore(1)).creditCents).toBe(2000);
    expect(cancellationTerms(withCredit, 2000, start, start).creditCents).toBeNull();
  });

  test('a class the coach moved refunds in full until it starts, whatever the policy', () => {
    expect(cancellationTerms(strict, 2000, start, hoursBefore(1), true)).toMatchObject({ refundCents: 2000, refundUntil: start });
  });
});

test('custom tiers are checked and ordered; unreadable stored policies are the default', () => {
  expect(
    tierProblem([
      { hoursBefore: 24, refundPercent: 100 },
      { hoursBefore: 72, refundPercent: 50 },
    ]),
  ).toContain('cannot refund more');
  expect(
    normalizePolicy({
      preset: 'custom',
      tiers: [
        { hoursBefore: 24, refundPercent: 10 },
        { hoursBefore: 96, refundPercent: 80 },
      ],
    }).tiers[0]!.hoursBefore,
  ).toBe(96);
  expect(policyFrom(null)).toEqual(DEFAULT_POLICY);
  expect(policyFrom({ preset: 'custom', tiers: [] })).toEqual(DEFAULT_POLICY);
  expect(describePolicy(strict)).toBe('Full refund until 7 days before the class, 50% until 48 hours before; no refund after that.');
});
