// "Waivers you accepted" on a My Bookings card (issue 24, item 2): opens the booking's waiver record — the exact
// text accepted for each attendee, by whom, when — and the emergency contact given.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { dateAtTime } from '../../../lib/catalog';
import Modal from '../../components/Modal';
import Spinner from '../../components/Spinner';

const BY = { self: 'by you', guardian: 'by you, as parent or guardian', companion: 'by you, on their behalf' } as const;

function WaiverRecord({ bookingId }: { bookingId: number }) {
  const record = useQuery({
    queryKey: ['booking-waivers', bookingId],
    queryFn: () => unwrap(api.bookings({ id: bookingId }).waivers.get()),
  });
  if (record.isError) return <p role="alert">{errorMessage(record.error, 'The waivers could not be loaded.')}</p>;
  if (!record.data) return <Spinner label="Loading waivers..." />;
  const { acceptances, emergencyContact } = record.data;
  if (!acceptances.length) return <p>No waiver has been accepted for this booking yet.</p>;
  // The same text is accepted for every attendee: shown once per waiver version.
  const texts = [...new Map(acceptances.map((a) => [`${a.waiverId}:${a.version}`, a])).values()];
  return (
    <div className="space-y-4 text-sm">
      <ul className="space-y-1" aria-label="Acceptances">
        {acceptances.map((a, i) => (
          <li key={i}>
            <span className="font-medium">{a.attendeeName}</span>: {a.title} v{a.version}, accepted {BY[a.relation]} on{' '}
            {dateAtTime(a.acceptedAt)}
          </li>
        ))}
      </ul>
      {emergencyContact && (
        <p>
          Emergency contact: {emergencyContact.name}, {emergencyContact.phone}
        </p>
      )}
      {texts.map((a) => (
        <details key={`${a.waiverId}:${a.version}`} className="rounded-xl border border-fog-200 p-3 dark:border-fog-700">
          <summary className="cursor-pointer font-medium">
            {a.title} (version {a.version})
          </summary>
          <p className="mt-2 whitespace-pre-line text-fog-700 dark:text-fog-300">{a.body}</p>
          <p className="mt-2 break-all text-xs text-fog-600 dark:text-fog-400">SHA-256 {a.textHash}</p>
        </details>
      ))}
    </div>
  );
}

export function WaiverRecordButton({ bookingId }: { bookingId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-ghost" onClick={() => setOpen(true)}>
        Waivers
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Waivers you accepted"
        size="md"
        actions={
          <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
            Close
          </button>
        }
      >
        {open && <WaiverRecord bookingId={bookingId} />}
      </Modal>
    </>
  );
}
