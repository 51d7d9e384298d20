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

/** The booking confirmation's calendar file: one event. */
export function buildIcs(event: CalendarEvent): string {
  return buildCalendar([event]);
}
