// The confirmation's calendar file: Pacific wall time with the zone's rules, escaped and folded text.
import { describe, expect, test } from 'bun:test';
import { buildCalendar, buildIcs } from './ics';

const event = {
  uid: 'booking-7@fogline',
  title: 'Sunrise Yoga, Crissy Field',
  description: 'Bring a mat; water.\nSee you there!',
  location: 'Crissy Field, 1199 E Beach, San Francisco, CA 94129',
  url: 'http://localhost:4321/classes/3',
  start: new Date('2027-03-14T16:00:00Z'), // 9:00 AM PDT, the first day of daylight time
  end: new Date('2027-03-14T17:00:00Z'),
  stamp: new Date('2027-03-01T12:00:00Z'),
};

describe('buildIcs', () => {
  test('the event starts and ends in America/Los_Angeles wall time', () => {
    const ics = buildIcs(event);
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20270314T090000');
    expect(ics).toContain('DTEND;TZID=America/Los_Angeles:20270314T100000');
    expect(ics).toContain('TZID:America/Los_Angeles');
  });

  test('a winter class keeps its 9:00 AM wall time too', () => {
    const ics = buildIcs({ ...event, start: new Date('2027-01-10T17:00:00Z'), end: new Date('2027-01-10T18:00:00Z') });
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20270110T090000');
  });

  test('text is escaped, lines end with CRLF and none is longer than 75 octets', () => {
    const ics = buildIcs(event);
    expect(ics).toContain('SUMMARY:Sunrise Yoga\\, Crissy Field');
    expect(ics).toContain('Bring a mat\\; water.\\nSee you there!');
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, '')).toContain('LOCATION:Crissy Field\\, 1199 E Beach\\, San Francisco\\, CA 94129');
  });
});

describe('buildIcs read by a calendar parser', () => {
  test('ical.js reads the event at its instant through the VTIMEZONE, with DTSTAMP in UTC', async () => {
    const { parseCalendar } = await import('../../tests/helpers/ical');
    const { events, zones } = parseCalendar(buildIcs({ ...event, sequence: 3 }));
    expect(zones).toEqual(['America/Los_Angeles']);
    expect(events[0]).toMatchObject({
      uid: 'booking-7@fogline',
      sequence: 3,
      status: 'CONFIRMED',
      localStart: '2027-03-14 09:00',
      summary: 'Sunrise Yoga, Crissy Field',
    });
    expect(events[0]!.start.toISOString()).toBe('2027-03-14T16:00:00.000Z');
    expect(buildIcs(event)).toContain('DTSTAMP:20270301T120000Z');
  });
});

describe('buildIcs writes what the calendar generator writes', () => {
  test('byte for byte, every 131 minutes through 2027 (both daylight-time changes) and odd text', () => {
    const texts = ['', 'Plain', 'a,b;c\\d\r\ne\nf\rg', 'é'.repeat(50), `${'x'.repeat(73)}🌅${'y'.repeat(80)}`, 'Zoë, 🎨; 漢字'.repeat(9)];
    let n = 0;
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2028, 0, 1); t += 131 * 60_000, n++) {
      const text = texts[n % texts.length]!;
      const other = texts[(n + 1) % texts.length]!;
      const probe = {
        uid: `booking-${n}@fogline`,
        title: text,
        description: other,
        location: texts[(n + 2) % texts.length]!,
        url: n % 7 === 0 ? '' : `http://localhost:4321/classes/${n}`,
        start: new Date(t),
        // Now and then an end before the start: the generator swaps them.
        end: new Date(t + (n % 11 === 0 ? -1 : 1) * (n % 5) * 15 * 60_000 + (n % 3) * 1_500),
        stamp: new Date(t - n * 1_234),
        sequence: n % 4,
        cancelled: n % 9 === 0,
      };
      const direct = buildIcs(probe);
      if (direct !== buildCalendar([probe])) expect(direct).toBe(buildCalendar([probe]));
    }
    expect(n).toBeGreaterThan(4_000);
  });
});
