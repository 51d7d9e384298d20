// Roster and check-in routes: a session's roster (JSON or CSV) and one attendee's attendance, for the class's
// coach or an admin.
import { Elysia } from 'elysia';
import { authPlugin } from '../auth/plugin';
import type { AppContext } from '../context';
import { ClassIdParams, Message } from '../../common/schema';
import { parseId } from '../lib/route-id';
import { BookingIdParams } from '../bookings/model';
import { AttendanceBody } from './model';
import { Roster, RosterBooking } from './roster-model';
import { getRoster, rosterCsv, setAttendance } from './roster';

const tags = ['Roster'];
const CLASS_NOT_FOUND = 'Class not found.';

export function attendeeRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get('/classes/:id/roster', ({ user, params }) => getRoster(ctx, user, parseId(params.id, CLASS_NOT_FOUND)), {
      auth: 'coach',
      params: ClassIdParams,
      response: { 200: Roster, 401: Message, 403: Message, 404: Message },
      detail: {
        tags,
        summary: "A session's roster: every attendee of its confirmed bookings, with the booker's contact",
        description:
          "Only the class's coach or an admin (403 otherwise). checkInOpen says whether attendance can be recorded now: from 30 minutes before the start until 24 hours after it.",
      },
    })
    .get(
      '/classes/:id/roster.csv',
      async ({ user, params }) => {
        const { filename, csv } = await rosterCsv(ctx, user, parseId(params.id, CLASS_NOT_FOUND));
        return new Response(csv, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${filename}"`,
            'cache-control': 'private, no-store',
          },
        });
      },
      {
        auth: 'coach',
        params: ClassIdParams,
        detail: {
          tags,
          summary: 'The roster as a CSV download (one line per attendee)',
          responses: {
            200: {
              description: 'CSV',
              content: {
                'text/csv': {
                  schema: { type: 'string' },
                  example:
                    'Attendee,Age,Attendance,Booked by,Email,Phone,Payment,Booking\r\nMaya Lee,7,Checked in,Sam Lee,sam@example.com,+14155550100,Paid $42.00,12\r\n',
                },
              },
            },
            401: { description: 'Not signed in' },
            403: { description: 'Not the coach of this class nor an admin' },
            404: { description: 'No such class' },
          },
        },
      },
    )
    .put('/bookings/:id/attendance', ({ user, params, body }) => setAttendance(ctx, user, parseId(params.id, 'Booking not found.'), body), {
      auth: 'coach',
      params: BookingIdParams,
      body: AttendanceBody,
      response: { 200: RosterBooking, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message },
      detail: {
        tags,
        summary: "Record one attendee's check-in: present, no_show, or null to clear it",
        description:
          "attendee is the position in the booking's attendees (0 for the first spot). Only the class's coach or an admin; from 30 minutes before the start until 24 hours after it (409 outside). Answers the booking's roster entry.",
      },
    });
}
