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
