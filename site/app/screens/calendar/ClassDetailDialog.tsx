// The class detail dialog of My Calendar: image, full date, time, location, bookings and waitlist, price, description,
// what to bring; Roster, Edit, Duplicate and Delete.
import { Icon } from '../../../components/catalog/icons';
import { classDateFull, classTime, dollars, locationOf } from '../../../lib/catalog';
import Modal from '../../components/Modal';
import { navigate } from '../../router';
import ClassImage from '../../managed-classes/ClassImage';
import type { ManagedClass } from '../../managed-classes/classes';

export default function ClassDetailDialog({
  cls,
  onClose,
  onDelete,
}: {
  cls: ManagedClass | null;
  onClose: () => void;
  onDelete: (cls: ManagedClass) => void;
}) {
  return (
    <Modal
      open={cls !== null}
      onClose={onClose}
      title={cls?.title ?? ''}
      size="md"
      actions={
        cls && (
          <>
            <button type="button" className="btn-ghost text-red-700 dark:text-red-400" onClick={() => onDelete(cls)}>
              Delete
            </button>
            <button type="button" className="btn-secondary" onClick={() => navigate(`/roster/${cls.id}`)}>
              Roster
            </button>
            <button type="button" className="btn-secondary" onClick={() => navigate('/create-class', { state: { duplicateFrom: cls.id } })}>
              Duplicate
            </button>
            <button type="button" className="btn-primary" onClick={() => navigate(`/edit-class/${cls.id}`)}>
              Edit
            </button>
          </>
        )
      }
    >
      {cls && (
        <div className="space-y-4">
          <ClassImage src={cls.image} className="rounded-xl" />
          <dl className="grid gap-3 text-sm">
            <div className="flex items-start gap-3">
              <dt className="sr-only">Date</dt>
              <Icon name="calendar" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              <dd>{classDateFull(cls.startTime)}</dd>
            </div>
            <div className="flex items-start gap-3">
              <dt className="sr-only">Time</dt>
              <Icon name="clock" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              <dd>{classTime(cls.startTime, cls.endTime)}</dd>
            </div>
            <div className="flex items-start gap-3">
              <dt className="sr-only">Location</dt>
              <Icon name="pin" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              <dd>
                {locationOf(cls)}
                {cls.address && cls.location && <span className="block text-fog-600 dark:text-fog-400">{cls.address}</span>}
              </dd>
            </div>
            <div className="flex items-start gap-3">
              <dt className="sr-only">Participants</dt>
              <Icon name="users" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              <dd>
                {cls.activeBookings} / {cls.capacity ?? cls.maxParticipants} participants
                <span className="block text-fog-600 dark:text-fog-400">{cls.waitlistCount} on the waitlist</span>
              </dd>
            </div>
            <div className="flex items-start gap-3">
              <dt className="sr-only">Price</dt>
              <Icon name="tag" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              <dd>{dollars(cls.price)}</dd>
            </div>
          </dl>
          {cls.description && (
            <section>
              <h3 className="text-sm font-semibold">Description</h3>
              <p className="mt-1 whitespace-pre-line text-sm text-fog-700 dark:text-fog-300">{cls.description}</p>
            </section>
          )}
          {cls.whatToBring && (
            <section>
              <h3 className="text-sm font-semibold">What to Bring</h3>
              <p className="mt-1 whitespace-pre-line text-sm text-fog-700 dark:text-fog-300">{cls.whatToBring}</p>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
