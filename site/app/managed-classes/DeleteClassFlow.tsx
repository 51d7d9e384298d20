// The class delete dialogs (coach-admin-areas §2): first a warning when the class has active bookings
// (Delete Anyways), then for a session of a series the scope choice (This class / This and following
// classes), otherwise the browser confirmation. Used by My Calendar, My Classes and the admin class table.
import { useState } from 'react';
import { toast } from '../../lib/stores/toast';
import Modal from '../components/Modal';
import { deleteClassRequest, isSeriesParent, isSeriesSession, type ManagedClass } from './classes';

type Step =
  | { kind: 'idle' }
  | { kind: 'bookings'; cls: ManagedClass }
  | { kind: 'scope'; cls: ManagedClass }
  | { kind: 'series'; cls: ManagedClass };

export function useDeleteClass(onDeleted: () => void) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const [busy, setBusy] = useState(false);
  const close = () => setStep({ kind: 'idle' });

  async function run(cls: ManagedClass, following: boolean) {
    setBusy(true);
    try {
      const answer = await deleteClassRequest(cls.id, following);
      toast({ title: 'Success', description: answer.message, variant: 'success' });
      close();
      onDeleted();
    } catch {
      toast({ title: 'Error', description: 'Failed to delete class. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  /** After the bookings warning (or without one): the scope choice, the series confirmation, or the browser's. */
  function confirmScope(cls: ManagedClass) {
    if (isSeriesSession(cls)) {
      setScope('this');
      setStep({ kind: 'scope', cls });
    } else if (isSeriesParent(cls)) {
      setStep({ kind: 'series', cls });
    } else {
      setStep({ kind: 'idle' });
      if (window.confirm(`Are you sure you want to delete "${cls.title}"?`)) void run(cls, false);
    }
  }

  function start(cls: ManagedClass) {
    if (cls.activeBookings > 0) setStep({ kind: 'bookings', cls });
    else confirmScope(cls);
  }

  const dialogs = (
    <>
      <Modal
        open={step.kind === 'bookings'}
        onClose={close}
        title="This class has active bookings"
        description={
          step.kind === 'bookings' && (
            <p>
              {step.cls.activeBookings} {step.cls.activeBookings === 1 ? 'spot is' : 'spots are'} booked for “{step.cls.title}”. Deleting it
              cancels these bookings, refunds the customers in full and notifies them by email.
            </p>
          )
        }
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={close}>
              Cancel
            </button>
            <button type="button" className="btn-danger" onClick={() => step.kind === 'bookings' && confirmScope(step.cls)}>
              Delete Anyways
            </button>
          </>
        }
      />
      <Modal
        open={step.kind === 'scope'}
        onClose={close}
        title="Delete recurring class"
        description={<p>This class is part of a recurring series. How would you like to delete it?</p>}
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              className="btn-danger"
              disabled={busy}
              onClick={() => step.kind === 'scope' && void run(step.cls, scope === 'following')}
            >
              {busy ? 'Deleting...' : 'Delete'}
            </button>
          </>
        }
      >
        <fieldset className="space-y-2">
          <legend className="sr-only">Which classes to delete</legend>
          {(
            [
              ['this', 'This class'],
              ['following', 'This and following classes'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-fog-200 px-4 py-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-fog-700 dark:has-[:checked]:bg-brand-900/30"
            >
              <input
                type="radio"
                name="delete-scope"
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
                className="h-4 w-4 accent-brand-600"
              />
              <span className="text-sm font-medium">{label}</span>
            </label>
          ))}
        </fieldset>
      </Modal>
      <Modal
        open={step.kind === 'series'}
        onClose={close}
        title="Delete series"
        description={
          step.kind === 'series' && (
            <p>
              Are you sure you want to delete “{step.cls.title}”? All {step.cls.sessionCount} sessions of this series will be deleted.
            </p>
          )
        }
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              className="btn-danger"
              disabled={busy}
              onClick={() => step.kind === 'series' && void run(step.cls, false)}
            >
              {busy ? 'Deleting...' : 'Delete Series'}
            </button>
          </>
        }
      />
    </>
  );

  return { start, dialogs };
}
