// The Payment tab (coach only): payout setup status and the setup action. A minimal first version by the
// accounts issue; the payments issue owns and completes it.
import { useCallback, useEffect, useState } from 'react';
import { apiGet, apiPost, errorMessage } from '../../../lib/api-client';
import type { CurrentUser } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';

interface PayoutStatus {
  onboarded: boolean;
  canReceivePayments: boolean;
}

export function PaymentTab({ user }: { user: CurrentUser }) {
  const [status, setStatus] = useState<PayoutStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    apiGet<PayoutStatus>(`/api/coaches/${user.id}/stripe-status`)
      .then(setStatus)
      .catch(() => setFailed(true));
  }, [user.id]);

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    if (query.get('success') === 'true') toast({ title: 'Payout setup complete', description: 'Your payout details were saved.', variant: 'success' });
    else if (query.get('refresh') === 'true') toast({ title: 'Setup incomplete', description: 'Your payout setup is not finished yet. Please continue the setup.', variant: 'warning' });
    load();
  }, [load]);

  async function setUp() {
    setPending(true);
    try {
      const { onboardingUrl } = await apiPost<{ onboardingUrl: string }>(`/api/coaches/${user.id}/stripe-onboarding`);
      if (window.matchMedia('(max-width: 767px)').matches) window.location.assign(onboardingUrl);
      else window.open(onboardingUrl, '_blank', 'noopener');
    } catch (error) {
      toast({ title: 'Setup failed', description: errorMessage(error, 'Failed to create Stripe onboarding link'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  const ready = status?.onboarded && status.canReceivePayments;
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-lg font-semibold">Payout setup</h3>
        <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Connect a payout account to get paid for your classes: you receive 85% of each booking.</p>
      </div>
      <div className="rounded-xl border border-fog-200 p-4 dark:border-fog-700" role="status">
        {failed ? (
          <p className="text-sm text-red-700 dark:text-red-400">Could not load your payout status.</p>
        ) : !status ? (
          <p className="text-sm text-fog-600 dark:text-fog-400">Loading payout status...</p>
        ) : (
          <p className="text-sm font-medium">{ready ? 'Payouts are set up: you can receive payments.' : status.onboarded ? 'Setup submitted: payments are not enabled yet.' : 'Payouts are not set up yet.'}</p>
        )}
      </div>
      <button type="button" className="btn-primary" onClick={setUp} disabled={pending}>
        {pending ? 'Opening...' : ready ? 'Update Payout Details' : 'Set Up Payouts'}
      </button>
    </div>
  );
}
