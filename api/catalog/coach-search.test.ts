import { describe, expect, test } from 'bun:test';
import { matchesCoachSearch } from './coach-search';

const maya = { firstName: 'Maya', lastName: 'Chen', bio: 'Sunrise yoga and breathwork at Ocean Beach' };

describe('coach search (customer-areas §5)', () => {
  test('matches the full name, case-insensitive', () => {
    expect(matchesCoachSearch(maya, 'maya c')).toBe(true);
    expect(matchesCoachSearch(maya, 'CHEN')).toBe(true);
  });
  test('matches the bio, case-insensitive', () => {
    expect(matchesCoachSearch(maya, 'OCEAN beach')).toBe(true);
  });
  test('an empty query matches everyone, anything else must be contained', () => {
    expect(matchesCoachSearch(maya, '  ')).toBe(true);
    expect(matchesCoachSearch(maya, 'boxing')).toBe(false);
    expect(matchesCoachSearch({ ...maya, bio: null }, 'yoga')).toBe(false);
  });
});
