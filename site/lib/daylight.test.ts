import { expect, test } from 'bun:test';
import { sessionDays, sessionsAfterDusk } from './daylight';

test('a series expands into the dates the server schedules', () => {
  expect(sessionDays('2026-12-01', null)).toEqual(['2026-12-01']);
  expect(sessionDays('2026-12-01', { type: 'weekly', interval: 1, daysOfWeek: [2, 4], endType: 'count', endCount: 4 })).toEqual([
    '2026-12-01',
    '2026-12-03',
    '2026-12-08',
    '2026-12-10',
  ]);
  expect(sessionDays('2026-12-01', { type: 'daily', interval: 2, daysOfWeek: [], endType: 'date', endDate: '2026-12-06' })).toEqual([
    '2026-12-01',
    '2026-12-03',
    '2026-12-05',
  ]);
  expect(sessionDays('2027-01-31', { type: 'monthly', interval: 1, daysOfWeek: [], endType: 'count', endCount: 3 })).toEqual([
    '2027-01-31',
    '2027-03-31',
    '2027-05-31',
  ]);
});

test('sessions ending after civil dusk in San Francisco are named, each on its own date', () => {
  // 4:30-5:30 PM: after dusk (about 5:20 PM) in December, in daylight in June.
  expect(sessionsAfterDusk(['2026-12-15'], '16:30', 60).map((s) => s.day)).toEqual(['2026-12-15']);
  expect(sessionsAfterDusk(['2027-06-15'], '16:30', 60)).toEqual([]);
  // A weekly 6:30 PM hour from March to April: dark before the clocks change (March 14, 2027), light after.
  const days = sessionDays('2027-03-04', { type: 'weekly', interval: 1, daysOfWeek: [4], endType: 'count', endCount: 6 });
  expect(sessionsAfterDusk(days, '18:30', 60).map((s) => s.day)).toEqual(['2027-03-04', '2027-03-11']);
});
