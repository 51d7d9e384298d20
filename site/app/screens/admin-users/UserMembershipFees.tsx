// The admin's user page: the customer's late-cancel and no-show fees on unlimited memberships (issue 20), each with
// its amount, class and status, and Refund for a charged one: the whole fee back to the card through the payment
// provider, once, with the reason kept in the audit log.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FeeRefundBody, type MembershipFee } from '../../../../api/membership-fees/model';
import { formatDollars } from '../../../../common/money';
import { formatDateShort } from '../../../../common/pacific';
import { errorMessage } from '../../../lib/api-error';
import { customerMembershipFees, refundMembershipFee } from '../../../lib/passes-api';
import { toast } from '../../../lib/stores/toast';
import { RefundDialog } from './RefundDialog';

const KIND = { late_cancel: 'Late-cancel fee', no_show: 'No-show fee' } as const;

function statusText(fee: MembershipFee): string {
  if (fee.refundedAt) return `refunded ${formatDateShort(fee.refundedAt)}`;
  if (fee.status === 'paid') return `charged ${formatDateShort(fee.chargedAt)}`;
  if (fee.status === 'failed') return `not charged: ${fee.failureMessage ?? 'declined'}`;
  return 'being charged';
}

export function UserMembershipFees({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['membership-fees', userId], queryFn: () => customerMembershipFees(userId) });
  const [toRefund, setToRefund] = useState<MembershipFee | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: ({ id, why }: { id: number; why: string }) => refundMembershipFee(id, why),
    onSuccess: (fee) => {
      toast({ title: 'Fee refunded', description: `${formatDollars(fee.amountCents)} back to the card.`, variant: 'success' });
      setToRefund(null);
      void queryClient.invalidateQueries({ queryKey: ['membership-fees', userId] });
      // The refund's audit row shows below at once.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
    onError: (failure) => setError(errorMessage(failure, 'The refund could not be made. Please try again.')),
  });

  const fees = list.data ?? [];
  // Nothing to show for a customer who never owed a fee (most of them).
  if (list.data && fees.length === 0) return null;
  return (
    <section aria-labelledby="membership-fees-title" className="mt-8">
      <h2 id="membership-fees-title" className="text-lg font-semibold">
        Membership fees
      </h2>
      <ul className="card mt-3 divide-y divide-fog-200 text-sm dark:divide-fog-800" aria-label="Membership fees">
        {list.isError && <li className="p-4 text-red-700 dark:text-red-300">Failed to load the membership fees.</li>}
        {fees.map((fee) => (
          <li key={fee.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
            <span className="min-w-0">
              <span className="font-semibold">
                {KIND[fee.kind]} {formatDollars(fee.amountCents)}
              </span>{' '}
              <span className="text-fog-600 dark:text-fog-400">
                {fee.className}
                {fee.classStart ? ` on ${formatDateShort(fee.classStart)}` : ''} · {fee.membershipName} · {statusText(fee)}
              </span>
            </span>
            {fee.status === 'paid' && !fee.refundedAt && (
              <button
                type="button"
                className="btn-ghost px-3 py-1.5"
                onClick={() => {
                  setToRefund(fee);
                  setReason('');
                  setError(null);
                }}
              >
                Refund fee
              </button>
            )}
          </li>
        ))}
      </ul>
      <RefundDialog
        open={toRefund !== null}
        title="Refund this fee?"
        description={
          toRefund &&
          `${formatDollars(toRefund.amountCents)} (${KIND[toRefund.kind].toLowerCase()}, ${toRefund.className}) goes back to the membership's card; the coach's share is reversed with it.`
        }
        keepLabel="Keep the fee"
        reasonLabel="Reason (kept in the audit log)"
        id="fee-refund"
        schema={FeeRefundBody}
        reason={reason}
        onReasonChange={setReason}
        error={error}
        onError={setError}
        pending={refund.isPending}
        onCancel={() => setToRefund(null)}
        onConfirm={(why) => toRefund && refund.mutate({ id: toRefund.id, why })}
      />
    </section>
  );
}
