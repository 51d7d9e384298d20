// A coach's application, opened from the Coaches tab before any decision (issue 24, item 3): photo, bio, areas
// of expertise, certifications, payout status and standing; Approve, Reject with a reason, Suspend or Reinstate
// with a reason. Each decision is emailed to the coach and recorded in the audit log by the server.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CoachApplication } from '../../../../api/admin/model';
import { formatDateShort } from '../../../../common/pacific';
import { api, unwrap } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/stores/toast';
import Modal from '../../components/Modal';
import Spinner from '../../components/Spinner';
import { AccountStatusBadge } from './AccountStatusBadge';
import { ReasonForm } from './ReasonForm';

type Decision = 'reject' | 'suspend' | 'reinstate' | null;

const DECISION = {
  reject: {
    label: 'Why is the application rejected?',
    submit: 'Reject Application',
    pending: 'Rejecting...',
    done: 'Application rejected',
  },
  suspend: { label: 'Why is the account suspended?', submit: 'Suspend Coach', pending: 'Suspending...', done: 'Coach suspended' },
  reinstate: { label: 'Why is the suspension lifted?', submit: 'Reinstate Coach', pending: 'Reinstating...', done: 'Coach reinstated' },
} as const;

export function CoachReviewDialog({
  coachId,
  onClose,
  onChanged,
}: {
  coachId: number | null;
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision>(null);
  const [approving, setApproving] = useState(false);
  const application = useQuery({
    queryKey: ['admin', 'coach-application', coachId],
    queryFn: () => unwrap(api.admin.coaches({ id: coachId! }).get()),
    enabled: coachId !== null,
  });
  const coach = application.data;
  const close = () => {
    setDecision(null);
    onClose();
  };
  const refresh = async () => {
    await Promise.all([
      onChanged(),
      queryClient.invalidateQueries({ queryKey: ['admin', 'coach-application', coachId] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
    ]);
  };

  async function approve(c: CoachApplication) {
    setApproving(true);
    try {
      await unwrap(api.admin.coaches({ id: c.id }).approve.put());
      toast({ title: 'Coach approved', description: `${c.firstName} ${c.lastName} can now create classes.`, variant: 'success' });
      await refresh();
      close();
    } catch (error) {
      toast({
        title: 'Approval failed',
        description: errorMessage(error, 'Failed to approve coach. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setApproving(false);
    }
  }

  async function decide(c: CoachApplication, kind: Exclude<Decision, null>, reason: string, customerReason?: string) {
    if (kind === 'suspend') await unwrap(api.admin.users({ id: c.id }).suspend.put({ reason, customerReason }));
    else
      await unwrap((kind === 'reject' ? api.admin.coaches({ id: c.id }).reject : api.admin.users({ id: c.id }).reinstate).put({ reason }));
    const extra = kind === 'suspend' ? ' Their classes to come are unlisted and customers refunded.' : '';
    toast({ title: DECISION[kind].done, description: `${c.firstName} ${c.lastName} has been emailed.${extra}`, variant: 'success' });
    await refresh();
    close();
  }

  const name = coach ? `${coach.firstName} ${coach.lastName}` : 'Coach';
  return (
    <Modal
      open={coachId !== null}
      onClose={close}
      title={decision ? `${DECISION[decision].submit}: ${name}` : `Application: ${name}`}
      size="lg"
    >
      {!coach ? (
        application.isError ? (
          <p role="alert">{errorMessage(application.error, 'The application could not be loaded.')}</p>
        ) : (
          <Spinner label="Loading application..." />
        )
      ) : decision ? (
        <ReasonForm
          label={DECISION[decision].label}
          hint="Sent to the coach by email and kept in the audit log."
          submitLabel={DECISION[decision].submit}
          pendingLabel={DECISION[decision].pending}
          danger={decision !== 'reinstate'}
          askCustomerReason={decision === 'suspend'}
          onCancel={() => setDecision(null)}
          onSubmit={(reason, customerReason) => decide(coach, decision, reason, customerReason)}
        />
      ) : (
        <>
          <div className="flex items-center gap-4">
            {coach.profileImage ? (
              <img src={coach.profileImage} alt={`Photo of ${name}`} className="h-16 w-16 rounded-full object-cover" />
            ) : (
              <span
                className="grid h-16 w-16 place-items-center rounded-full bg-fog-100 text-sm text-fog-600 dark:bg-fog-800 dark:text-fog-300"
                aria-label="No photo"
              >
                No photo
              </span>
            )}
            <div className="min-w-0">
              <p className="font-semibold">{name}</p>
              <p className="truncate text-sm text-fog-600 dark:text-fog-400">
                {coach.email}
                {coach.phone ? ` · ${coach.phone}` : ''}
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <AccountStatusBadge status={coach.status} />{' '}
                <span className="text-fog-600 dark:text-fog-400">Joined {formatDateShort(coach.createdAt)}</span>
              </p>
            </div>
          </div>
          <dl className="mt-5 space-y-4 text-sm">
            <div>
              <dt className="font-semibold">Bio</dt>
              <dd className="mt-1 whitespace-pre-line text-fog-700 dark:text-fog-300">{coach.bio || 'Not given'}</dd>
            </div>
            <div>
              <dt className="font-semibold">Areas of expertise</dt>
              <dd className="mt-1 flex flex-wrap gap-1.5">
                {coach.areasOfExpertise.length ? (
                  coach.areasOfExpertise.map((a) => (
                    <span key={a.id} className="badge bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100">
                      {a.name}
                    </span>
                  ))
                ) : (
                  <span className="text-fog-700 dark:text-fog-300">None chosen</span>
                )}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Certifications</dt>
              <dd className="mt-1 whitespace-pre-line text-fog-700 dark:text-fog-300">{coach.certifications || 'Not given'}</dd>
            </div>
            <div>
              <dt className="font-semibold">Payouts</dt>
              <dd className="mt-1 text-fog-700 dark:text-fog-300">
                {coach.payout.canReceivePayments
                  ? 'Set up: can receive payments'
                  : coach.payout.onboarded
                    ? 'Onboarded, not yet able to receive payments'
                    : 'Not set up yet'}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Classes to come</dt>
              <dd className="mt-1 text-fog-700 dark:text-fog-300">{coach.upcomingClasses}</dd>
            </div>
            {coach.status !== 'pending' && coach.status !== 'rejected' && (
              <div>
                <dt className="font-semibold">Earnings</dt>
                <dd className="mt-1">
                  <a href={`/earnings?coach=${coach.id}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                    View {name}'s earnings
                  </a>
                </dd>
              </div>
            )}
          </dl>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={close}>
              Close
            </button>
            {coach.status === 'pending' && (
              <button type="button" className="btn-danger" onClick={() => setDecision('reject')}>
                Reject
              </button>
            )}
            {coach.status === 'approved' && (
              <button type="button" className="btn-danger" onClick={() => setDecision('suspend')}>
                Suspend
              </button>
            )}
            {coach.status === 'suspended' && (
              <button type="button" className="btn-primary" onClick={() => setDecision('reinstate')}>
                Reinstate
              </button>
            )}
            {(coach.status === 'pending' || coach.status === 'rejected') && (
              <button
                type="button"
                className="btn-primary"
                disabled={approving}
                onClick={() => approve(coach)}
                aria-label={`Approve ${name}`}
              >
                {approving ? 'Approving...' : 'Approve'}
              </button>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
