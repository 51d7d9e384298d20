// A roster card's safety lines (issue 24, item 2): the attendee's waiver as accepted (or not yet), the
// booking's emergency contact to call, and the medical note the server sends only to the class's coach.
import type { RosterBooking } from '../../../../api/attendees/roster-model';

const BY: Record<string, string> = { self: 'by themselves', guardian: 'by a parent or guardian', companion: 'by the booker for them' };

export function AttendeeSafety({ booking, position }: { booking: RosterBooking; position: number }) {
  const waiver = booking.waivers.find((w) => w.position === position);
  const contact = booking.emergencyContact;
  return (
    <div className="mt-2 space-y-1 text-sm" data-testid="attendee-safety">
      {waiver?.accepted ? (
        <p className="text-emerald-800 dark:text-emerald-300">
          Waiver accepted {BY[waiver.acceptances[0]?.relation ?? 'self']}:{' '}
          {waiver.acceptances.map((a) => `${a.title} v${a.version}`).join(', ')}
        </p>
      ) : (
        <p className="font-semibold text-red-700 dark:text-red-400">Waiver not accepted</p>
      )}
      {contact ? (
        <p>
          Emergency contact: {contact.name},{' '}
          <a className="underline" href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>
            {contact.phone}
          </a>
        </p>
      ) : (
        <p className="text-fog-600 dark:text-fog-400">No emergency contact given</p>
      )}
      {waiver?.medicalNote && (
        <p className="rounded-lg bg-amber-50 px-2 py-1 text-amber-950 dark:bg-amber-950/50 dark:text-amber-100">
          Medical note: {waiver.medicalNote}
        </p>
      )}
    </div>
  );
}
