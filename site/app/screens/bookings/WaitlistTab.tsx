// My Bookings' Waitlist tab: each entry with its class, spots and state: place in line (Leave), an offer with
// its deadline in Pacific time and a live countdown (Accept: a free class is booked, a paid one opens
// checkout for the held spots at the price offered, or is booked at once with a pass the customer holds that
// covers it, "Use 1 credit (4 left)" beside "Pay by card"; Decline), or how it ended. An offer booked here (free,
// or with a pass) asks who is coming and their waivers before Accept, as the class page's booking card does (a
// paid one at checkout).
import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AttendeeInput } from '../../../../api/attendees/model';
import type { AcceptWaiversBody } from '../../../../api/waivers/model';
import WaiverStep, { readWaivers, useClassWaivers, useWaiverDraft, type WaiverErrors } from '../../../components/booking/WaiverStep';
import type { AcceptAnswer, WaitlistEntry } from '../../../../api/waitlist/model';
import AttendeeFields, { type AttendeeErrors, readAttendees, useAttendeeDrafts } from '../../../components/booking/AttendeeFields';
import { EmptyState } from '../../../components/catalog/EmptyState';
import { LoadMoreButton, useLoadMore } from '../../components/LoadMore';
import { pageQuery } from '../../components/Pagination';
import { api, unwrap, unwrapPage } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { dateAtTime, dollars } from '../../../lib/catalog';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import { countdown, isOpenEntry, WAITLIST_STATUS_LABEL, WAITLIST_KEY } from '../../../lib/waitlist';
import { navigate } from '../../router';

const WAITLIST_PAGE_SIZE = 20;
import { ClassFacts } from './ClassFacts';
import { PayWithChoice, passShortfall, useClassPasses } from '../../../components/booking/PayWithPass';
import { spotCount } from '../../../../common/plural';

/** The caller's waitlist entries a page at a time (null while loading), open ones first, so the first page
 * carries every offer to answer; TanStack Query refetches them on focus. */
export function useWaitlistEntries() {
  const queryClient = useQueryClient();
  // An entry that was left is no longer the customer's business here: they left it themselves, booked the
  // class another way (it is under Upcoming), or the class was cancelled (they were emailed).
  const list = useLoadMore(
    [...WAITLIST_KEY, 'current'],
    (window) => unwrapPage(api.waitlist.get({ query: { includeLeft: 'false', ...pageQuery(window) } })),
    WAITLIST_PAGE_SIZE,
  );
  const entries = list.items ?? null;
  // An answered offer also changes the bookings (a booking, or a hold to pay).
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: WAITLIST_KEY });
    await queryClient.invalidateQueries({ queryKey: ['bookings'] });
  };
  return { list, entries, reload, openCount: (entries ?? []).filter(isOpenEntry).length };
}

/** Re-renders every second while an offer's countdown is on screen. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** Above the tabs, whichever is open: the spots held for the customer and until when (Pacific time). */
export function OfferNotice({ entries }: { entries: WaitlistEntry[] }) {
  const offers = entries.filter((e) => e.status === 'offered' && e.offerExpiresAt);
  if (offers.length === 0) return null;
  return (
    <div className="mb-6 space-y-2" role="status">
      {offers.map((e) => (
        <p
          key={e.id}
          className="rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <span className="font-semibold">A spot opened up in {e.class.title}:</span>{' '}
          {e.quantity === 1 ? 'it is' : `${e.quantity} spots are`} held for you until {dateAtTime(e.offerExpiresAt!)}. Answer under
          Waitlist.
        </p>
      ))}
    </div>
  );
}

export function WaitlistPanel({ waitlist }: { waitlist: ReturnType<typeof useWaitlistEntries> }) {
  const { entries: loaded, reload, list } = waitlist;
  const entries = loaded ?? [];
  const [busy, setBusy] = useState<number | null>(null);
  const now = useNow(entries.some((e) => e.status === 'offered'));

  async function act(
    entry: WaitlistEntry,
    action: Action,
    attendees?: AttendeeInput[],
    waiverAcceptance?: AcceptWaiversBody,
    pass?: { purchaseId: number; paidWith: string },
  ) {
    setBusy(entry.id);
    try {
      if (action === 'leave') {
        await unwrap(api.classes({ id: entry.classId }).waitlist.delete());
        toast({ title: 'You left the waitlist', variant: 'success' });
      } else if (action === 'decline') {
        await unwrap(api.waitlist({ id: entry.id }).decline.post());
        toast({ title: 'Offer declined', description: 'The spots go to the next person on the waitlist.', variant: 'success' });
      } else {
        const answer: AcceptAnswer = await unwrap(
          api
            .waitlist({ id: entry.id })
            .accept.post(
              attendees || waiverAcceptance || pass
                ? { attendees, waiverAcceptance, ...(pass ? { payWith: { purchaseId: pass.purchaseId } } : {}) }
                : undefined,
            ),
        );
        if (answer.checkoutUrl) {
          window.location.assign(answer.checkoutUrl);
          return;
        }
        toast({
          title: 'Booking confirmed!',
          description: pass?.paidWith ?? `Your ${entry.quantity === 1 ? 'spot is' : 'spots are'} booked.`,
          variant: 'success',
        });
        navigate('/bookings?refresh=true');
      }
      await reload();
    } catch (error) {
      toast({ title: 'Something went wrong', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      await reload();
    } finally {
      setBusy(null);
    }
  }

  if (entries.length === 0) {
    return (
      <EmptyState
        title="No Waitlist Entries"
        hint="When a class is full, join its waitlist from the class page and it will show up here."
        action={{ href: '/classes', label: 'Browse Classes' }}
      />
    );
  }
  return (
    <>
      <ul className="space-y-4">
        {entries.map((entry) => (
          <WaitlistItem
            key={entry.id}
            entry={entry}
            now={now}
            busy={busy === entry.id}
            act={(action, attendees, waivers, pass) => void act(entry, action, attendees, waivers, pass)}
          />
        ))}
      </ul>
      <LoadMoreButton query={list.query} loaded={entries.length} total={list.total} noun="entries" />
    </>
  );
}

type Action = 'accept' | 'decline' | 'leave';

function WaitlistItem({
  entry,
  now,
  busy,
  act,
}: {
  entry: WaitlistEntry;
  now: number;
  busy: boolean;
  act: (action: Action, attendees?: AttendeeInput[], waivers?: AcceptWaiversBody, pass?: { purchaseId: number; paidWith: string }) => void;
}) {
  const { class: cls } = entry;
  const spots = spotCount(entry.quantity);
  const freeOffer = entry.status === 'offered' && !entry.amount;
  const paidOffer = entry.status === 'offered' && !!entry.amount && !cls.deleted;
  // The passes that can pay for this offer (the wallet's list for the class), as on the booking card: the first
  // that covers the spots is chosen first; a past-due membership is listed and answered with the server's message.
  const passes = useClassPasses(entry.classId, { coachId: cls.coachId, categoryId: null, ageGroup: cls.ageGroup }, paidOffer);
  const payable = paidOffer ? [...passes.usable, ...passes.pastDue] : [];
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const payWith =
    picked !== undefined
      ? (payable.find((p) => p.purchaseId === picked && !passShortfall(p, entry.quantity))?.purchaseId ?? null)
      : (passes.usable.find((p) => paidOffer && !passShortfall(p, entry.quantity))?.purchaseId ?? null);
  const chosenPass = payable.find((p) => p.purchaseId === payWith);
  const credits = entry.quantity === 1 ? '1 credit' : `${entry.quantity} credits`;
  // Booked by Accept itself (free, or with a pass): the names and waivers are asked here.
  const bookHere = freeOffer || payWith !== null;
  const kids = cls.ageGroup === 'Kids';
  const user = useStore($user);
  const [attendees, setAttendees] = useAttendeeDrafts(entry.quantity, kids || !user ? null : `${user.firstName} ${user.lastName}`);
  const [attendeeErrors, setAttendeeErrors] = useState<AttendeeErrors>({});
  const [waiver, setWaiver] = useWaiverDraft(entry.quantity);
  const [waiverErrors, setWaiverErrors] = useState<WaiverErrors>({});
  const classWaivers = useClassWaivers(entry.classId, bookHere);
  function accept() {
    if (!bookHere) return act('accept');
    const named = readAttendees(attendees, kids);
    setAttendeeErrors('errors' in named ? named.errors : {});
    const accepted = readWaivers(
      waiver,
      classWaivers.data,
      attendees.map((a) => a.name),
    );
    setWaiverErrors('errors' in accepted ? accepted.errors : {});
    if ('errors' in named || 'errors' in accepted) return;
    const pass =
      payWith === null
        ? undefined
        : {
            purchaseId: payWith,
            paidWith: chosenPass?.unlimited
              ? `Booked with ${chosenPass.name}.`
              : `Paid with ${credits} from ${chosenPass?.name ?? 'your pass'}.`,
          };
    act('accept', named.attendees, accepted.body, pass);
  }
  return (
    <li className="card flex flex-col gap-3 p-4 sm:p-5" aria-label={`Waitlist: ${cls.title}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold">{cls.title}</h3>
        <span
          className={`badge ${entry.status === 'offered' ? 'border border-amber-400 bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100' : 'bg-fog-100 text-fog-800 dark:bg-fog-800 dark:text-fog-100'}`}
        >
          {WAITLIST_STATUS_LABEL[entry.status] ?? entry.status}
        </span>
      </div>
      <ClassFacts cls={cls} spots={spots} />
      {entry.status === 'waiting' && <p className="text-sm font-medium">Number {entry.position} in line</p>}
      {entry.status === 'offered' && entry.offerExpiresAt && (
        <div className="rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          {/* The offer is announced when it arrives; the ticking countdown is a timer, which is not read out. */}
          <p>
            <span role="status">
              <span className="font-semibold">{spots} held for you</span> until {dateAtTime(entry.offerExpiresAt)}
            </span>{' '}
            <span role="timer" className="font-semibold tabular-nums">
              ({countdown(entry.offerExpiresAt, now)})
            </span>
          </p>
          <p className="mt-1">
            {!entry.amount
              ? 'This class is free.'
              : payWith !== null
                ? `Your pass pays: ${chosenPass?.unlimited ? 'your membership covers it' : `${credits} from ${chosenPass?.name}`}. Nothing is charged by card.`
                : `Total ${dollars(entry.amount)}, service fee included. Nothing is charged until you complete checkout.`}
          </p>
        </div>
      )}
      {paidOffer && payable.length > 0 && (
        <PayWithChoice passes={payable} quantity={entry.quantity} value={payWith} onChange={setPicked} disabled={busy} />
      )}
      {chosenPass?.status === 'past_due' && (
        // The server refuses it with this message; said before Accept, with the way to fix it.
        <p className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
          Your membership payment is past due: update your card in your wallet to book with it.{' '}
          <a href={`/wallet?highlight=${chosenPass.purchaseId}`} className="font-semibold underline">
            Update your card in your wallet
          </a>
        </p>
      )}
      {bookHere && (
        <>
          <AttendeeFields drafts={attendees} onChange={setAttendees} kids={kids} errors={attendeeErrors} disabled={busy} />
          <WaiverStep
            waivers={classWaivers.data}
            names={attendees.map((a) => a.name)}
            kids={kids}
            draft={waiver}
            onChange={setWaiver}
            errors={waiverErrors}
            disabled={busy}
          />
        </>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        {!cls.deleted && (
          <a href={`/classes/${entry.classId}`} className="btn-secondary">
            View Class Details
          </a>
        )}
        {entry.status === 'offered' && (
          <>
            <button type="button" className="btn-primary" disabled={busy} onClick={accept}>
              {payWith !== null
                ? chosenPass?.unlimited
                  ? 'Accept with membership'
                  : `Accept with ${credits}`
                : entry.amount
                  ? `Accept and pay ${dollars(entry.amount)}`
                  : 'Accept and book'}
            </button>
            <button type="button" className="btn-ghost" disabled={busy} onClick={() => act('decline')}>
              Decline
            </button>
          </>
        )}
        {entry.status === 'waiting' && (
          <button
            type="button"
            className="btn-ghost text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
            disabled={busy}
            onClick={() => act('leave')}
          >
            Leave
          </button>
        )}
      </div>
    </li>
  );
}
