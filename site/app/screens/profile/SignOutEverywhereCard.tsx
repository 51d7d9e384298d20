// "Sign out everywhere" on the Security tab: for a lost phone or a shared computer. Ends every session of the
// account, this one included, and gives the private calendar feed a new address (POST /api/logout/everywhere).
import { useState } from 'react';
import { api, unwrap } from '../../../lib/api';
import { toast } from '../../../lib/stores/toast';

export function SignOutEverywhereCard() {
  const [pending, setPending] = useState(false);
  const signOutEverywhere = async () => {
    setPending(true);
    try {
      await unwrap(api.logout.everywhere.post());
      // The session is gone: a full page load to sign in again.
      window.location.assign('/auth');
    } catch (error) {
      setPending(false);
      toast({
        title: 'Could not sign out everywhere',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  };
  return (
    <section aria-labelledby="sign-out-everywhere-title" className="mt-10 rounded-xl border border-fog-200 p-5 dark:border-fog-700">
      <h3 id="sign-out-everywhere-title" className="text-lg font-semibold">
        Sign out everywhere
      </h3>
      <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">
        Lost a phone, or signed in on a shared computer? This signs you out on every device, this one too, and gives your calendar feed a
        new address (calendar apps need the new link from this page).
      </p>
      <button type="button" className="btn-secondary mt-4 w-full sm:w-auto" disabled={pending} onClick={signOutEverywhere}>
        {pending ? 'Signing Out...' : 'Sign Out Everywhere'}
      </button>
    </section>
  );
}
