// The profile's calendar subscription (issue 14): the user's private feed URL with Subscribe (webcal://, which
// Apple and Outlook open, and Google Calendar's add-by-URL; issue 22) beside Copy, and Reset, which revokes the
// old URL at once (after a confirmation, since every subscribed calendar stops updating).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { googleSubscribeUrl, webcalUrl } from '../../../lib/add-to-calendar';
import { api, unwrap } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/stores/toast';
import Modal from '../../components/Modal';

const FEED = ['calendar-feed'];

export default function CalendarFeedCard() {
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: FEED, queryFn: () => unwrap(api.calendar.get()) });
  const url = feed.data?.url ?? null;
  const failed = !feed.data && feed.isError;
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => unwrap(api.calendar.reset.post()),
    onSuccess: (next) => {
      queryClient.setQueryData(FEED, next);
      toast({
        title: 'Calendar link reset',
        description: 'The old link no longer works. Subscribe again with the new one.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Reset failed',
        description: error instanceof ApiError ? error.message : 'Please try again.',
        variant: 'destructive',
      }),
    onSettled: () => setConfirming(false),
  });

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Calendar link copied', description: 'Paste it into your calendar app as a subscription.', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="calendar-feed-title" className="card mt-6 p-5 sm:p-8">
      <h2 id="calendar-feed-title" className="text-lg font-semibold">
        Calendar subscription
      </h2>
      <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
        Add your Fogline classes to Google, Apple or Outlook Calendar: subscribe to this private link and moved or cancelled classes update
        there too. Keep it to yourself: anyone with it sees your schedule.
      </p>
      {failed ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700 dark:text-red-400">
          Your calendar link could not be loaded.
        </p>
      ) : (
        <>
          <label htmlFor="calendar-feed-url" className="label mt-4">
            Your calendar link
          </label>
          <input
            id="calendar-feed-url"
            className="input font-mono text-xs"
            readOnly
            value={url ?? 'Loading...'}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="mt-3 flex flex-wrap gap-2">
            {url ? (
              <>
                <a className="btn-primary" href={webcalUrl(url)}>
                  Subscribe
                </a>
                <a className="btn-secondary" href={googleSubscribeUrl(url)} target="_blank" rel="noopener">
                  Add to Google Calendar
                </a>
              </>
            ) : (
              <button type="button" className="btn-primary" disabled>
                Subscribe
              </button>
            )}
            <button type="button" className="btn-secondary" disabled={!url} onClick={() => void copy()}>
              Copy
            </button>
            <button type="button" className="btn-secondary" disabled={!url} onClick={() => setConfirming(true)}>
              Reset
            </button>
          </div>
        </>
      )}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Reset your calendar link?"
        description="The current link stops working at once: calendars subscribed to it no longer update. You will get a new link to subscribe with."
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
              Keep Link
            </button>
            <button type="button" className="btn-primary" disabled={reset.isPending} onClick={() => reset.mutate()}>
              {reset.isPending ? 'Resetting...' : 'Reset Link'}
            </button>
          </>
        }
      />
    </section>
  );
}
