// iCalendar (RFC 5545) documents through ical-generator: the confirmation attachment (one event) and the calendar
// feeds (api/calendar). Events are written in America/Los_Angeles wall time beside the zone's VTIMEZONE, so a
// calendar shows 9:00 AM PT whatever its device is set to; DTSTAMP stays in UTC as the RFC asks.
import { Temporal } from '@js-temporal/polyfill';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { TIME_ZONE } from '../../common/pacific';

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  location: string;
  url: string;
  start: Date;
  end: Date;
  /** When this version of the event was written (DTSTAMP). */
  stamp: Date;
  /** Raised each time the event changes (a moved class, a cancellation), so calendars update it in place. */
  sequence?: number;
  cancelled?: boolean;
}

const vtimezones = new Map<string, string | null>();
/** The zone's VTIMEZONE block, read once from the package's zone files. */
function vtimezone(zone: string): string | null {
  if (!vtimezones.has(zone)) vtimezones.set(zone, getVtimezoneComponent(zone));
  return vtimezones.get(zone)!;
}

function pacific(date: Date) {
  return Temporal.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO(TIME_ZONE);
}

/** A VCALENDAR of the events; `name` titles a subscribed feed. */
export function buildCalendar(events: CalendarEvent[], name?: string): string {
  const calendar = ical({
    prodId: { company: 'Fogline', product: 'Bookings', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: name ?? null,
    // A subscribed feed asks calendar apps to look again every hour (REFRESH-INTERVAL, X-PUBLISHED-TTL); a 304
    // answers them while nothing changed.
    ttl: name ? 3600 : null,
    // No calendar-wide zone name (it would write DTSTAMP as a floating local time): the generator adds the
    // VTIMEZONE of each event's zone.
    timezone: { name: null, generator: vtimezone },
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence ?? 0,
      stamp: event.stamp,
      timezone: TIME_ZONE,
      start: pacific(event.start),
      end: pacific(event.end),
      summary: event.title,
      location: event.location,
      description: event.description,
      url: event.url,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; the generator leaves it off.
  return `${calendar.toString()}\r\n`;
}

// The confirmation's one-event file is written directly, byte for byte what buildCalendar([event]) writes (pinned
// by api/notices/confirmation-ics.golden.test.ts and compared with it in ./ics.test.ts): ical-generator with the
// Temporal polyfill cost ~1.5 ms of CPU per confirmation, more than the booking's own transaction.

/** Pacific wall time as "2027-03-14 09:00:00" (sv-SE writes ISO order; one formatter, built once). */
const wallClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 20270314T090000: the instant's wall time in America/Los_Angeles, as a DTSTART/DTEND value with TZID. */
function pacificStamp(date: Date): string {
  const wall = wallClock.format(date).replace(/\D/g, '');
  return `${wall.slice(0, 8)}T${wall.slice(8, 14)}`;
}

/** 20270301T120000Z: the instant in UTC, whole seconds (DTSTAMP). */
function utcStamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** TEXT escaping of RFC 5545 3.3.11, as ical-generator does it. */
function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/(?:\r\n|\r|\n)/g, '\\n');
}

/** Folds a content line at 74 octets (UTF-8), never inside a character, as ical-generator does. */
function fold(line: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII test
  if (line.length <= 74 && /^[\x00-\x7f]*$/.test(line)) return line;
  let result = '';
  let octets = 0;
  for (let i = 0; i < line.length; i++) {
    let ch = line.charAt(i);
    const code = line.charCodeAt(i);
    let size: number;
    if (code < 0x80) size = 1;
    else if (code < 0x800) size = 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      ch += line.charAt(++i);
      size = 4;
    } else size = 3;
    octets += size;
    if (octets > 74) {
      result += '\r\n ';
      octets = size;
    }
    result += ch;
  }
  return result;
}

let confirmationHead: string | null = null;
/** Everything before the event: the calendar's header and the zone's VTIMEZONE, the same for every file. */
function head(): string {
  confirmationHead ??= [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Fogline//Bookings//EN',
    'METHOD:PUBLISH',
    ...vtimezone(TIME_ZONE)!.trim().split(/\r?\n/),
  ]
    .map(fold)
    .join('\r\n');
  return confirmationHead;
}

/** The booking confirmation's calendar file: one event. */
export function buildIcs(event: CalendarEvent): string {
  // The generator writes the earlier instant as the start.
  const [start, end] = event.end < event.start ? [event.end, event.start] : [event.start, event.end];
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${TIME_ZONE}:${pacificStamp(start)}`,
    `DTEND;TZID=${TIME_ZONE}:${pacificStamp(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
  ];
  // An empty place is left out; an empty description is still written (the generator's own rules).
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL;VALUE=URI:${escapeText(event.url)}`);
  lines.push(`STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'END:VEVENT', 'END:VCALENDAR');
  return `${head()}\r\n${lines.map(fold).join('\r\n')}\r\n`;
}
