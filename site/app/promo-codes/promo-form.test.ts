import { describe, expect, test } from 'bun:test';
import type { PromoCode } from '../../../api/promo-codes/model';
import { draftOf, toPromoCodeBody, toPromoCodeUpdate } from './promo-form';

const made: PromoCode = {
  id: 7,
  code: 'SPRING20',
  scope: 'coach',
  coachId: 2,
  kind: 'percent',
  percentOff: 20,
  amountOffCents: null,
  // Made through the API at 9:00 AM PT on Mar 1, ending at the end of May 31 (PDT).
  validFrom: '2027-03-01T17:00:00.000Z',
  validUntil: '2027-06-01T07:00:00.000Z',
  maxUses: 50,
  uses: 3,
  oncePerCustomer: true,
  firstBookingOnly: false,
  minimumCents: 2000,
  active: true,
  status: 'scheduled',
  createdAt: '2027-02-01T00:00:00.000Z',
};

describe('editing a promo code', () => {
  test('the draft shows the code as made, in Pacific days and dollars', () => {
    expect(draftOf(made)).toEqual({
      code: 'SPRING20',
      kind: 'percent',
      value: '20',
      from: '2027-03-01',
      until: '2027-05-31',
      maxUses: '50',
      minimum: '20.00',
      oncePerCustomer: true,
      firstBookingOnly: false,
    });
  });

  test('only what changed is sent (an emptied field as null), so the 9:00 AM start set through the API is kept', () => {
    const original = draftOf(made);
    expect(toPromoCodeUpdate(original, original)).toEqual({ body: {} });
    expect(toPromoCodeUpdate({ ...original, value: '25', maxUses: '', oncePerCustomer: false }, original)).toEqual({
      body: { percentOff: 25, maxUses: null, oncePerCustomer: false },
    });
    const until = toPromoCodeUpdate({ ...original, until: '2027-06-30' }, original);
    expect(until).toEqual({ body: { validUntil: '2027-07-01T07:00:00.000Z' } });
  });

  test("the change's schema gives the server's messages; the discount cannot be emptied", () => {
    const original = draftOf(made);
    expect(toPromoCodeUpdate({ ...original, value: '120' }, original)).toEqual({
      errors: { percentOff: 'The percentage must be a whole number from 1 to 100' },
    });
    expect(toPromoCodeUpdate({ ...original, value: ' ' }, original)).toEqual({ errors: { percentOff: 'Enter the percentage off' } });
    expect(toPromoCodeUpdate({ ...original, until: '2027-02-01' }, original)).toEqual({
      errors: { validUntil: 'The end must be after the start' },
    });
  });

  test('a new code still goes through the create schema', () => {
    expect(toPromoCodeBody({ ...draftOf(made), code: 'x' })).toEqual({
      errors: { code: 'Enter a code of 3 to 24 letters, digits, dashes or underscores' },
    });
  });
});
