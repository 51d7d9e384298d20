// The admin's user page: the customer's passes (issue 19), each with its credits left, and Refund for a pack or an
// intro offer: the unused credits pro rata through the payment provider, which ends the pass (asked why, emailed,
// audited on the server). A membership is cancelled from the customer's wallet instead.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PassRefundBody, type WalletPass } from '../../../../api/passes/model';
import { formatDateShort } from '../../../../common/pacific';
import { errorMessage } from '../../../lib/api-error';
import { dollars } from '../../../lib/catalog';
import { customerPurchases, refundPurchase } from '../../../lib/passes-api';
import { toast } from '../../../lib/stores/toast';
import { RefundDialog } from './RefundDialog';

/** What a pro rata refund would give back now, as the server computes it: paid x unused / bought, rounded down. */
function refundPreviewCents(pass: WalletPass): number {
  if (!pass.creditsTotal || pass.creditsLeft === null) return 0;
  return Math.floor((Math.round(pass.amountPaid * 100) * pass.creditsLeft) / pass.creditsTotal);
}

export function UserPasses({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['passes', 'purchases', userId], queryFn: () => customerPurchases(userId) });
  const [toRefund, setToRefund] = useState<WalletPass | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: ({ id, why }: { id: number; why: string }) => refundPurchase(id, why),
    onSuccess: (answer) => {
      toast({
        title: 'Pass refunded',
        description: `${dollars(answer.refunded)} for ${answer.creditsRefunded} unused ${answer.creditsRefunded === 1 ? 'credit' : 'credits'}.`,
        variant: 'success',
      });
      setToRefund(null);
      void queryClient.invalidateQueries({ queryKey: ['passes', 'purchases', userId] });
    },
    onError: (failure) => setError(errorMessage(failure, 'The refund could not be made. Please try again.')),
  });

  const passes = list.data ?? [];
  return (
    <section aria-labelledby="passes-title" className="mt-8">
      <h2 id="passes-title" className="text-lg font-semibold">
        Passes
      </h2>
      <ul className="card mt-3 divide-y divide-fog-200 text-sm dark:divide-fog-800" aria-label="Passes">
        {list.isError && <li className="p-4 text-red-700 dark:text-red-300">Failed to load the passes.</li>}
        {list.data && passes.length === 0 && <li className="p-4 text-fog-600 dark:text-fog-400">No passes.</li>}
        {passes.map((pass) => {
          const refundable = pass.kind !== 'membership' && pass.status === 'active' && (pass.creditsLeft ?? 0) > 0;
          return (
            <li key={pass.purchaseId} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <span className="min-w-0">
                <span className="font-semibold">{pass.name}</span>{' '}
                <span className="text-fog-600 dark:text-fog-400">
                  {pass.coachName} · {pass.status.replace('_', ' ')} ·{' '}
                  {pass.unlimited ? 'unlimited' : `${pass.creditsLeft ?? 0} of ${pass.creditsTotal ?? 0} credits left`} · paid{' '}
                  {dollars(pass.amountPaid)} on {formatDateShort(pass.purchasedAt)}
                  {pass.refunded > 0 ? ` · ${dollars(pass.refunded)} refunded` : ''}
                </span>
              </span>
              {refundable && (
                <button
                  type="button"
                  className="btn-ghost px-3 py-1.5"
                  onClick={() => {
                    setToRefund(pass);
                    setReason('');
                    setError(null);
                  }}
                >
                  Refund unused credits
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <RefundDialog
        open={toRefund !== null}
        title="Refund this pass?"
        description={
          toRefund &&
          `${dollars(refundPreviewCents(toRefund) / 100)} for the ${toRefund.creditsLeft} unused of ${toRefund.creditsTotal} credits goes back to the card, and ${toRefund.name} ends. Classes already booked with it stay booked.`
        }
        keepLabel="Keep the pass"
        reasonLabel="Reason (sent to the customer)"
        id="pass-refund"
        schema={PassRefundBody}
        reason={reason}
        onReasonChange={setReason}
        error={error}
        onError={setError}
        pending={refund.isPending}
        onCancel={() => setToRefund(null)}
        onConfirm={(why) => toRefund && refund.mutate({ id: toRefund.purchaseId, why })}
      />
    </section>
  );
}
