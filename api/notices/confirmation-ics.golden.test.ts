// The confirmation's .ics, byte for byte as customers received it before the direct writer (api/lib/ics.ts
// buildIcs): the golden file was rendered by ical-generator + Temporal. Regenerating it is never the fix for a
// failure here: a calendar that already holds the event must keep reading the same bytes.
import { describe, expect, test } from 'bun:test';
import { classIcsAttachments } from './booking-emails';
import golden from './confirmation-ics.golden.json';
import { GOLDEN_CASES, goldenCtx } from './confirmation-ics.golden-cases';

const expected = golden as Record<string, string>;

describe('the confirmation .ics is unchanged byte for byte', () => {
  test('every golden case is pinned', () => {
    expect(Object.keys(expected).sort()).toEqual(GOLDEN_CASES.map((c) => c.name).sort());
  });

  for (const c of GOLDEN_CASES) {
    test(c.name, () => {
      const [attachment] = classIcsAttachments(goldenCtx, c.booking, c.cls, c.people);
      expect(attachment).toEqual({
        filename: 'class.ics',
        content: expected[c.name]!,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      });
    });
  }
});
