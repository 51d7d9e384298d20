import { expect, test } from 'bun:test';
import { civilDuskOn, sunsetOn } from './sun';
import { pacificWallTimeToInstant } from './pacific';

const minutesApart = (a: Date | null, b: Date) => Math.abs((a?.getTime() ?? 0) - b.getTime()) / 60_000;

test('sunset and civil dusk in San Francisco match the published almanac within 3 minutes', () => {
  // USNO / timeanddate for San Francisco: 2026-06-21 sunset 8:35 PM PDT, civil dusk 9:07 PM;
  // 2026-12-21 sunset 4:54 PM PST, civil dusk 5:23 PM.
  const june = pacificWallTimeToInstant('2026-06-21', '12:00');
  expect(minutesApart(sunsetOn(june), pacificWallTimeToInstant('2026-06-21', '20:35'))).toBeLessThan(3);
  expect(minutesApart(civilDuskOn(june), pacificWallTimeToInstant('2026-06-21', '21:07'))).toBeLessThan(3);
  const december = pacificWallTimeToInstant('2026-12-21', '12:00');
  expect(minutesApart(sunsetOn(december), pacificWallTimeToInstant('2026-12-21', '16:54'))).toBeLessThan(3);
  expect(minutesApart(civilDuskOn(december), pacificWallTimeToInstant('2026-12-21', '17:23'))).toBeLessThan(3);
});

test('polar night has no sunset', () => {
  expect(sunsetOn(new Date('2026-12-21T12:00:00Z'), 85, 0)).toBeNull();
});
