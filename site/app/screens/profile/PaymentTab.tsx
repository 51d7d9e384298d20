// The profile's Payment tab (coach-admin-areas §2, §8): payout status, the setup action (onboarding link in a
// new tab on desktop, the same window on mobile), the return with ?success=true (toast and status refetch)
// or ?refresh=true (warning that setup is incomplete). The status is refetched when the window regains focus,
// so finishing setup in the other tab shows here at once.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PayoutStatus } from '../../../../api/payments/payouts/model';
import { api, unwrap } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import type { CurrentUser } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';

const MOBILE = '(max-width: 767px)';

function statusView(status: PayoutStatus): { label: string; tone: string; text: string } {
  if (status.onboarded && status.canReceivePayments) {
    return {
      label: 'Active',
      tone: 'bg-brand-600 text-white dark:bg-brand-500 dark:text-fog-950',
      text: 'Payouts are set up: you receive 85% of every booking of your classes.',
    };
  }
  if (status.onboarded) {
    return {
      label: 'Pending verification',
      tone: 'border border-amber-500 text-amber-800 dark:text-amber-200',
      text: 'Your details were submitted; payments are enabled as soon as the verification completes.',
    };
  }
  return {
    label: 'Not set up',
    tone: 'border border-fog-400 text-fog-700 dark:text-fog-300',
    text: 'Connect a payout account to get paid for your classes.',
  };
}

export function PaymentTab({ user }: { user: CurrentUser }) {
  // Refetched when the window regains focus, so finishing setup in the other tab shows here at once.
  const payout = useQuery({
    queryKey: ['payout-status', user.id],
    queryFn: () => unwrap(api.coaches({ id: user.id })['stripe-status'].get()),
  });
  const status: PayoutStatus | null = payout.data ?? null;
  const failed = payout.isError && !payout.data;
  const load = () => void payout.refetch();
  const [pending, setPending] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  if (status?.onboarded && incomplete) setIncomplete(false);

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    if (query.get('success') === 'true') {
      toast({ title: 'Payout setup complete', description: 'Your payout details were saved.', variant: 'success' });
    } else if (query.get('refresh') === 'true') {
      setIncomplete(true);
      toast({
        title: 'Setup incomplete',
        description: 'Your payout setup is not finished yet. Please continue the setup.',
        variant: 'warning',
      });
    }
    if (query.has('success') || query.has('refresh')) {
      // Said once: a reload of the page does not toast or warn again.
      const url = new URL(window.location.href);
      url.searchParams.delete('success');
      url.searchParams.delete('refresh');
      url.searchParams.set('tab', 'payment');
      window.history.replaceState(window.history.state, '', url);
    }
  }, []);

  async function setUp() {
    const mobile = window.matchMedia(MOBILE).matches;
    // Opened inside the click so pop-up blockers allow it; pointed at the link once the server answers.
    const tab = mobile ? null : window.open('', '_blank');
    setPending(true);
    try {
      const { onboardingUrl: link } = await unwrap(api.coaches({ id: user.id })['stripe-onboarding'].post());
      const onboardingUrl = new URL(link, window.location.href).href; // the test provider's link is relative
      if (tab) {
        tab.opener = null;
        tab.location.href = onboardingUrl;
      } else {
        window.location.assign(onboardingUrl);
      }
    } catch (error) {
      tab?.close();
      toast({ title: 'Setup failed', description: errorMessage(error, 'Failed to create Stripe onboarding link'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  const view = status ? statusView(status) : null;
  const ready = status?.onboarded && status.canReceivePayments;
  return (
    <div className="space-y-5">
      <div>
        <h3 className="text-lg font-semibold">Payout setup</h3>
        <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
          Customers pay through Fogline; you receive 85% of the class price for every spot booked (the platform keeps 15%).
        </p>
      </div>
      {incomplete && !status?.onboarded && (
        <div
          role="alert"
          className="rounded-xl border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p className="font-semibold">Setup incomplete</p>
          <p className="mt-1">Your payout setup is not finished yet. Continue the setup to start receiving payments.</p>
        </div>
      )}
      <div className="rounded-xl border border-fog-200 p-4 dark:border-fog-700" role="status" aria-live="polite">
        {failed ? (
          <p className="text-sm text-red-700 dark:text-red-400">
            Could not load your payout status.{' '}
            <button type="button" className="font-semibold underline" onClick={load}>
              Retry
            </button>
          </p>
        ) : !view ? (
          <p className="text-sm text-fog-600 dark:text-fog-400">Loading payout status...</p>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm font-medium">Status</span>
            <span className={`badge ${view.tone}`} data-testid="payout-status">
              {view.label}
            </span>
            <p className="w-full text-sm text-fog-700 dark:text-fog-300">{view.text}</p>
          </div>
        )}
      </div>
      <button type="button" className="btn-primary" onClick={() => void setUp()} disabled={pending}>
        {pending ? 'Opening...' : ready ? 'Update Payout Details' : status?.onboarded || incomplete ? 'Continue Setup' : 'Set Up Payouts'}
      </button>
    </div>
  );
}
