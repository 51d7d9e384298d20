// The offer countdown on My Bookings' Waitlist tab.
import { describe, expect, test } from 'bun:test';
import { dateAtTime } from './catalog';
import { countdown } from './waitlist';

describe('countdown', () => {
  const at = Date.parse('2027-03-10T12:00:00Z');
  test('hours and minutes, minutes, then seconds near the end', () => {
    expect(countdown('2027-03-10T13:05:00Z', at)).toBe('1 h 05 min left');
    expect(countdown('2027-03-10T12:12:30Z', at)).toBe('12 min left');
    expect(countdown('2027-03-10T12:04:30Z', at)).toBe('4 min 30 s left');
    expect(countdown('2027-03-10T11:59:00Z', at)).toBe('Expired');
  });
  test('the deadline reads in Pacific time', () => {
    expect(dateAtTime('2027-03-10T18:30:00Z')).toBe('March 10, 2027 at 10:30 AM PT');
  });
});
