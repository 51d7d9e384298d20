// A booking or a session as a calendar event: the feed (api/calendar) and the confirmation's .ics attachment
// (./booking-emails.ts) build the same event, so a later copy updates the same calendar entry.
import type { classes } from '../../db/schema';
import type { AppContext } from '../context';
import { classEnd, placeOf } from '../lib/class-place';
import type { CalendarEvent } from '../lib/ics';
import { spotCount } from '../../common/plural';

type ClassRow = typeof classes.$inferSelect;

export function eventOf(
  ctx: AppContext,
  cls: ClassRow & { startTime: Date },
  uid: string,
  description: string,
  cancelled: boolean,
  stamp: Date,
): CalendarEvent {
  return {
    uid,
    title: cls.title,
    description,
    location: placeOf(cls),
    url: `${ctx.env.publicUrl}/classes/${cls.id}`,
    start: cls.startTime,
    end: classEnd(cls),
    stamp,
    sequence: cls.calendarSequence + (cancelled ? 1 : 0),
    cancelled,
  };
}

export const hasStart = (cls: ClassRow): cls is ClassRow & { startTime: Date } => cls.startTime !== null;

/** One booking as a calendar event (the feed's and the confirmation attachment's): its spots, who comes and
 * what to bring; stable UID per booking, so a later copy updates the same entry. */
export function bookingEvent(
  ctx: AppContext,
  booking: { id: number; quantity: number },
  cls: ClassRow & { startTime: Date },
  people: string,
  version: { cancelled: boolean; stamp: Date },
): CalendarEvent {
  const lines = [
    `${spotCount(booking.quantity)} booked on Fogline${people ? `: ${people}` : ''}.`,
    cls.whatToBring ? `What to bring: ${cls.whatToBring}` : '',
  ];
  return eventOf(ctx, cls, `booking-${booking.id}@fogline`, lines.filter(Boolean).join('\n'), version.cancelled, version.stamp);
}
