// The booking card of a full class: Join Waitlist with the same spot counter as booking (a visitor signs in
// first and comes back), or where the customer stands: place in line (with Leave), or an offer to answer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntry } from '../../../api/waitlist/model';
import { SpotCounter } from '../../components/booking/SpotCounter';
import { Icon } from '../../components/catalog/icons';
import { api, unwrap } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { dateAtTime } from '../../lib/catalog';
import { toast } from '../../lib/stores/toast';
import { isOpenEntry, WAITLIST_KEY } from '../../lib/waitlist';
import { spotCount } from '../../../common/plural';

interface JoinWaitlistProps {
  classId: number;
  capacity: number;
  signedIn: boolean;
  quantity: number;
  onQuantity: (next: number) => void;
}

const TRY_AGAIN = 'Something went wrong. Please try again.';

export function JoinWaitlist({ classId, capacity, signedIn, quantity, onQuantity }: JoinWaitlistProps) {
  const queryClient = useQueryClient();
  // The class's open entry, if any, comes first (the list is paged, so ask for this class only).
  const entries = useQuery({
    queryKey: [...WAITLIST_KEY, { classId }],
    queryFn: () => unwrap(api.waitlist.get({ query: { classId: String(classId), limit: '1' } })),
    enabled: signedIn,
  });
  // Whatever the list says, a join or a leave answers with the entry as it now is.
  const settle = () => queryClient.invalidateQueries({ queryKey: WAITLIST_KEY });
  const join = useMutation({
    mutationFn: () => unwrap(api.classes({ id: classId }).waitlist.post({ quantity })),
    onSuccess: () =>
      toast({ title: "You're on the waitlist", description: "We'll email you as soon as spots open up for you.", variant: 'success' }),
    onError: (error) =>
      toast({ title: 'Could not join the waitlist', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' }),
    onSettled: settle,
  });
  const leave = useMutation({
    mutationFn: () => unwrap(api.classes({ id: classId }).waitlist.delete()),
    onSuccess: () => toast({ title: 'You left the waitlist', variant: 'success' }),
    onError: (error) =>
      toast({ title: 'Could not leave the waitlist', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' }),
    onSettled: settle,
  });
  const busy = join.isPending || leave.isPending;
  // undefined while loading; a list that cannot be read shows the Join Waitlist button (the API has the last word).
  const entry: WaitlistEntry | null | undefined =
    !signedIn || entries.isError ? null : (entries.data?.find(isOpenEntry) ?? (entries.data ? null : undefined));

  const full = (
    <div className="mt-5 rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950/50 dark:text-red-200" role="status">
      <p className="font-semibold">Class is Full</p>
      <p className="mt-1 text-sm">Check back later in case a spot opens up from a cancellation.</p>
      <p className="mt-2 text-sm">
        Or join the waitlist: freed spots are held for the first person in line, who gets an email and 2 hours to say yes. Nothing is
        charged unless you accept.
      </p>
    </div>
  );
  if (entry === undefined) return <div className="skeleton mt-5 h-24 w-full" role="status" aria-label="Checking the waitlist" />;
  if (entry?.status === 'offered') {
    return (
      <div
        className="mt-5 rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        role="status"
      >
        <p className="font-semibold">Spots are held for you</p>
        <p className="mt-1 text-sm">
          {spotCount(entry.quantity)} until {dateAtTime(entry.offerExpiresAt!)}.
        </p>
        <a href="/bookings?tab=waitlist" className="btn-accent mt-3 w-full">
          Answer the offer
        </a>
      </div>
    );
  }
  if (entry) {
    return (
      <>
        {full}
        <div className="mt-4 rounded-xl bg-brand-50 p-4 text-brand-900 dark:bg-brand-950/60 dark:text-brand-100" role="status">
          <p className="flex items-center gap-2 font-semibold">
            <Icon name="check" className="h-5 w-5" />
            You're on the waitlist
          </p>
          <p className="mt-1 text-sm">
            Number {entry.position} in line · {spotCount(entry.quantity)}
          </p>
          <button type="button" className="btn-secondary mt-3 w-full" disabled={busy} onClick={() => leave.mutate()}>
            Leave Waitlist
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      {full}
      <SpotCounter quantity={quantity} max={capacity} onChange={onQuantity} />
      {signedIn ? (
        <button type="button" className="btn-primary mt-5 w-full py-3 text-base" disabled={busy} onClick={() => join.mutate()}>
          {busy ? 'Joining...' : 'Join Waitlist'}
        </button>
      ) : (
        <>
          <a href={`/auth?redirect=/classes/${classId}`} className="btn-primary mt-5 w-full py-3 text-base">
            Join Waitlist
          </a>
          <p className="mt-2 text-center text-xs text-fog-600 dark:text-fog-400">You'll sign in first, then come right back.</p>
        </>
      )}
    </>
  );
}
