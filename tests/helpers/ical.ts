// Reads iCalendar text the way a calendar app does, with ical.js (Mozilla's RFC 5545 parser): every VTIMEZONE
// is registered first, so event times resolve through the document's own zone rules.
import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  description: string;
  location: string;
  tzid: string | null;
  /** The instant the event starts, through the document's VTIMEZONE. */
  start: Date;
  end: Date;
  /** The wall time the calendar shows, in the event's zone: "2027-03-14 09:00". */
  localStart: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function parseCalendar(text: string): { calendar: ICAL.Component; events: ParsedEvent[]; zones: string[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => {
    ICAL.TimezoneService.register(zone);
    return String(zone.getFirstPropertyValue('tzid'));
  });
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const start = event.startDate;
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      summary: event.summary,
      description: event.description,
      location: event.location,
      tzid: (component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null,
      start: start.toJSDate(),
      end: event.endDate.toJSDate(),
      localStart: `${start.year}-${pad(start.month)}-${pad(start.day)} ${pad(start.hour)}:${pad(start.minute)}`,
    };
  });
  return { calendar, events, zones };
}

/** The text of an email's `class.ics` attachment (base64 in the .eml the outbox keeps), or null. */
export function calendarAttachment(eml: string): string | null {
  const part =
    /Content-Type: text\/calendar[^\r\n]*name=class\.ics\r?\nContent-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      eml,
    );
  return part ? Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64').toString('utf8') : null;
}

/** The RFC 5545 rules a lenient parser lets pass: CRLF line ends, lines folded at 75 octets, VERSION and PRODID,
 * UID, DTSTAMP (in UTC) and DTSTART on every event, and a VTIMEZONE for every TZID an event names. */
export function rfc5545Problems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith('\r\n') || /[^\r]\n/.test(text)) problems.push('a line does not end with CRLF');
  const lines = text.split('\r\n').slice(0, -1);
  lines.forEach((line, i) => {
    if (new TextEncoder().encode(line).length > 75) problems.push(`line ${i + 1} is longer than 75 octets`);
  });
  const { calendar } = parseCalendar(text);
  for (const name of ['version', 'prodid']) if (!calendar.getFirstPropertyValue(name)) problems.push(`no ${name.toUpperCase()}`);
  const zones = new Set(calendar.getAllSubcomponents('vtimezone').map((zone) => String(zone.getFirstPropertyValue('tzid'))));
  for (const event of calendar.getAllSubcomponents('vevent')) {
    const uid = String(event.getFirstPropertyValue('uid') ?? '');
    if (!uid) problems.push('an event without UID');
    for (const name of ['dtstamp', 'dtstart']) if (!event.getFirstProperty(name)) problems.push(`${uid}: no ${name.toUpperCase()}`);
    const stamp = event.getFirstPropertyValue('dtstamp') as ICAL.Time | null;
    if (stamp && stamp.zone !== ICAL.Timezone.utcTimezone) problems.push(`${uid}: DTSTAMP is not in UTC`);
    for (const name of ['dtstart', 'dtend']) {
      const tzid = event.getFirstProperty(name)?.getParameter('tzid') as string | undefined;
      if (tzid && !zones.has(tzid)) problems.push(`${uid}: ${name.toUpperCase()} names ${tzid} without its VTIMEZONE`);
    }
  }
  return problems;
}
