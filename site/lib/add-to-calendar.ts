// Links that take a class into the customer's calendar and maps (issue 22): a Google Calendar event, an .ics
// file of the one session, the private feed as a webcal:// subscription (and Google's subscribe link for it),
// and directions. Pure functions of the booking's class; nothing is sent anywhere until the customer taps.

export interface CalendarEvent {
  title: string;
  /** RFC 3339 instants. */
  start: string;
  end: string | null;
  location: string | null;
  details: string;
  /** The class page, for the event's link. */
  url: string;
}

const DEFAULT_MINUTES = 60;

/** 20261201T013000Z: the UTC basic format both Google's link and iCalendar take. */
function utcStamp(instant: string | number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const endOf = (event: CalendarEvent) => event.end ?? new Date(Date.parse(event.start) + DEFAULT_MINUTES * 60_000).toISOString();

export function googleCalendarEventUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(event.start)}/${utcStamp(endOf(event))}`,
    details: `${event.details}\n${event.url}`,
    ...(event.location ? { location: event.location } : {}),
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** iCalendar text escaping (RFC 5545 §3.3.11). */
const icsText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/[,;]/g, (c) => `\\${c}`);

/** One VEVENT as a data: URL for <a download>, its UID stable per booking so a second import updates it. */
export function icsDataUrl(event: CalendarEvent, uid: string, now = Date.now()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Fogline//Booking//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(endOf(event))}`,
    `SUMMARY:${icsText(event.title)}`,
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    `DESCRIPTION:${icsText(event.details)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(lines.join('\r\n'))}`;
}

/** The private feed (https://…/api/calendar/{token}.ics) as a subscription calendar apps open directly. */
export function webcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:\/\//, 'webcal://');
}

/** Google Calendar's "add by URL" for the feed. */
export function googleSubscribeUrl(feedUrl: string): string {
  return `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl(feedUrl))}`;
}

/** Directions to an address (Google Maps opens its app on phones). */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}
