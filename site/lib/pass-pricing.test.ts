import { expect, test } from 'bun:test';
import { packLine, perClassCents, savingCents, shortDollars, creditsOfferLine } from './pass-pricing';

test('a pack reads with its price per class and its saving against the class price', () => {
  expect(packLine({ credits: 5, priceCents: 10000 }, 2500)).toBe('5-class pack: $100, $20 a class — save $25');
});

test('no saving is claimed when the pack costs as much as single classes, or more', () => {
  expect(packLine({ credits: 5, priceCents: 12500 }, 2500)).toBe('5-class pack: $125, $25 a class');
  expect(packLine({ credits: 5, priceCents: 13000 }, 2500)).toBe('5-class pack: $130, $26 a class');
  expect(packLine({ credits: 10, priceCents: 18000 }, null)).toBe('10-class pack: $180, $18 a class');
});

test('cents are kept exact: the saving is whole cents, the price per class rounds to the cent', () => {
  expect(savingCents(9999, 3, 3500)).toBe(501);
  expect(perClassCents(10000, 3)).toBe(3333);
  expect(packLine({ credits: 3, priceCents: 9999 }, 3500)).toBe('3-class pack: $99.99, $33.33 a class — save $5.01');
  expect(shortDollars(1950)).toBe('$19.50');
});

test('the booking card offers credits with what is left and when they expire (Pacific day)', () => {
  expect(creditsOfferLine(1, 4, '2027-01-12T20:00:00Z')).toBe('Use 1 credit (4 left, expires Jan 12)');
  // 02:00 UTC on Jan 13 is still Jan 12 in San Francisco.
  expect(creditsOfferLine(2, 4, '2027-01-13T02:00:00Z')).toBe('Use 2 credits (4 left, expires Jan 12)');
  expect(creditsOfferLine(1, 9, null)).toBe('Use 1 credit (9 left)');
});
