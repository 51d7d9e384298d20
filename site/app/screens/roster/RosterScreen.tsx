// /roster/{classId} (issue 14): a session's roster for its coach or an admin, made for a phone in one hand at the
// session: every attendee by name with the booker's contact, paid or free, and a large Checked in / No-show
// toggle each (tap the lit one again to clear it); the CSV download.
import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attendee } from '../../../../api/attendees/model';
import type { Roster, RosterBooking } from '../../../../api/attendees/roster-model';
import { formatTimePT } from '../../../../common/pacific';
import { Icon } from '../../../components/catalog/icons';
import { api, unwrap } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { classDateFull, classTime, dollars } from '../../../lib/catalog';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import Spinner from '../../components/Spinner';
import type { ScreenProps } from '../../router';
import { AttendanceToggle, type Mark } from './AttendanceToggle';
import { AttendeeSafety } from './AttendeeSafety';

function recount(bookings: RosterBooking[]): Roster['counts'] {
  const everyone = bookings.flatMap((b) => b.attendees);
  return {
    spots: everyone.length,
    present: everyone.filter((a) => a.attendance === 'present').length,
    noShow: everyone.filter((a) => a.attendance === 'no_show').length,
  };
}

interface MarkRequest {
  booking: RosterBooking;
  attendee: Attendee;
  status: Mark;
}

/** Where the roster's back link goes: a coach's classes, or the admin panel's class list. */
function backLink(role: string | undefined): { href: string; label: string } {
  return role === 'admin' ? { href: '/admin?tab=classes', label: 'Admin Panel' } : { href: '/my-classes', label: 'My Classes' };
}

export default function RosterScreen({ params }: ScreenProps) {
  const classId = params.classId ?? '';
  const back = backLink(useStore($user)?.role);
  const key = ['roster', classId];
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: key, queryFn: () => unwrap(api.classes({ id: classId }).roster.get()) });

  /** Puts one booking's attendees (and the counts they make) into the roster on screen. */
  function replaceBooking(next: RosterBooking) {
    queryClient.setQueryData<Roster>(key, (roster) => {
      if (!roster) return roster;
      const bookings = roster.bookings.map((b) => (b.bookingId === next.bookingId ? next : b));
      return { ...roster, bookings, counts: recount(bookings) };
    });
  }

  // The tap shows at once; the server's answer replaces it, or the old mark comes back with a toast.
  const mark = useMutation({
    mutationFn: ({ booking, attendee, status }: MarkRequest) =>
      unwrap(api.bookings({ id: booking.bookingId }).attendance.put({ attendee: attendee.position, status })),
    onMutate: async ({ booking, attendee, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      replaceBooking({
        ...booking,
        attendees: booking.attendees.map((a) => (a.position === attendee.position ? { ...a, attendance: status } : a)),
      });
    },
    onSuccess: replaceBooking,
    onError: (error, { booking }) => {
      replaceBooking(booking);
      toast({
        title: 'Check-in not saved',
        description: error instanceof ApiError ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    },
  });

  // A failed refetch (on focus) keeps the roster on screen; only a roster never loaded shows the failure.
  const { data: roster, error } = loaded;
  if (!roster && error instanceof ApiError && error.status === 403) return <AccessDenied message={error.message} />;
  if (!roster && error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="container-page py-12 text-center" role="alert">
        <h1 className="text-2xl font-bold">{missing ? 'Class Not Found' : 'The roster could not be loaded'}</h1>
        <a href={back.href} className="btn-primary mt-6">
          Back to {back.label}
        </a>
      </div>
    );
  }
  if (!roster) return <Spinner label="Loading the roster..." />;

  const { class: cls, counts } = roster;
  const now = Date.now();
  const notYet = roster.checkInOpensAt !== null && now < Date.parse(roster.checkInOpensAt);
  return (
    <div className="container-page max-w-2xl py-6 sm:py-10">
      <a href={back.href} className="btn-ghost -ml-3 mb-3 px-3">
        <Icon name="arrowLeft" /> {back.label}
      </a>
      <h1 className="text-2xl font-bold leading-tight">Roster: {cls.title}</h1>
      <p className="mt-1 text-fog-700 dark:text-fog-300">
        {classDateFull(cls.startTime)} · {classTime(cls.startTime, cls.endTime)}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-lg font-semibold" role="status" aria-live="polite">
          {counts.present} of {counts.spots} checked in · {counts.noShow} no-show
        </p>
        <a href={`/api/classes/${cls.id}/roster.csv`} className="btn-secondary ml-auto" download>
          Download CSV
        </a>
      </div>
      {!roster.checkInOpen && (
        <p className="mt-4 rounded-xl bg-fog-100 p-3 text-sm text-fog-800 dark:bg-fog-800 dark:text-fog-100" role="note">
          {notYet
            ? `Check-in opens at ${formatTimePT(roster.checkInOpensAt)}, 30 minutes before the class starts.`
            : 'Check-in closed 24 hours after the class started.'}
        </p>
      )}
      {roster.bookings.length === 0 ? (
        <p className="mt-8 text-center text-fog-600 dark:text-fog-400">No one has booked this session yet.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {roster.bookings.flatMap((booking) =>
            booking.attendees.map((attendee) => (
              <li key={`${booking.bookingId}-${attendee.position}`} className="card p-4">
                <p className="text-lg font-semibold leading-snug">
                  {attendee.name}
                  {attendee.age !== null && <span className="font-normal text-fog-600 dark:text-fog-400"> · age {attendee.age}</span>}
                </p>
                <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">
                  Booked by {booking.booker.firstName} {booking.booker.lastName}
                  {' · '}
                  {booking.paid ? `Paid ${dollars(booking.amount)}` : 'Free'}
                </p>
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm">
                  <a className="underline" href={`mailto:${booking.booker.email}`}>
                    {booking.booker.email}
                  </a>
                  {booking.booker.phone && (
                    <a className="underline" href={`tel:${booking.booker.phone}`}>
                      {booking.booker.phone}
                    </a>
                  )}
                </p>
                <AttendeeSafety booking={booking} position={attendee.position} />
                <AttendanceToggle
                  name={attendee.name}
                  value={attendee.attendance}
                  disabled={!roster.checkInOpen}
                  onChange={(status) => mark.mutate({ booking, attendee, status })}
                />
              </li>
            )),
          )}
        </ul>
      )}
    </div>
  );
}
