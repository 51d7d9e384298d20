// /bookings (customer-areas §2, §4, §8): Upcoming (with count badge), Past, Waitlist (?tab=waitlist) and Cancelled (with what was refunded) tabs, cancel with its dialog,
// reviews, empty and error states. Each tab is a server-paged list with Load more; refetched on window focus;
// ?refresh=true cleans the URL and reloads the lists (after checkout); ?highlight={id} rings the booking just made; Past and Cancelled cards offer Book again.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Booking } from '../../../../api/bookings/model';
import { EmptyState } from '../../../components/catalog/EmptyState';
import { api, unwrap, unwrapPage } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { showCarriedToast } from '../../../lib/carry-toast';
import { dollars } from '../../../lib/catalog';
import { toast } from '../../../lib/stores/toast';
import { LoadMoreButton, useLoadMore } from '../../components/LoadMore';
import { pageQuery } from '../../components/Pagination';
import { useLocation, type ScreenProps } from '../../router';
import { BookingItem, type BookingTab } from './BookingItem';
import { CancelDialog } from './CancelDialog';
import type { RefundAs } from '../../../../api/policies/model';
import { OfferNotice, useWaitlistEntries, WaitlistPanel } from './WaitlistTab';

const BROWSE = { href: '/classes', label: 'Browse Classes' };
const BOOKINGS = ['bookings'] as const;
const PAGE_SIZE = 10;

const useTab = (when: BookingTab) =>
  useLoadMore([...BOOKINGS, when], (window) => unwrapPage(api.bookings.get({ query: { when, ...pageQuery(window) } })), PAGE_SIZE);

function Skeletons() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading bookings">
      {[0, 1, 2].map((i) => (
        <div key={i} className="skeleton h-36 w-full rounded-[var(--radius-card)]" />
      ))}
    </div>
  );
}

/** The forecast and weather watch of the upcoming cards' classes, in one request (GET /api/conditions). */
function useConditions(items: Booking[], enabled: boolean) {
  const ids = [...new Set(items.filter((b) => b.status !== 'cancelled' && !b.class.deleted).map((b) => b.classId))].slice(0, 100);
  const query = useQuery({
    queryKey: ['conditions', ids.join(',')],
    queryFn: () => unwrap(api.conditions.get({ query: { classIds: ids.join(',') } })),
    enabled: enabled && ids.length > 0,
  });
  return new Map((query.data ?? []).map((answer) => [answer.classId, answer]));
}

function BookingList({
  tab,
  list,
  onCancel,
  onMove,
  highlight,
}: {
  tab: BookingTab;
  list: ReturnType<typeof useTab>;
  onCancel: (b: Booking) => void;
  onMove?: (b: Booking) => void;
  highlight: number | null;
}) {
  const items = list.items ?? [];
  const conditions = useConditions(items, tab === 'upcoming');
  // The booking just made (?highlight=id): ringed, and scrolled into view once it is there.
  useEffect(() => {
    if (highlight === null || !items.some((b) => b.id === highlight)) return;
    document.querySelector(`[data-booking-id="${highlight}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlight, items.length]);
  if (items.length === 0) {
    return tab === 'upcoming' ? (
      <EmptyState title="No Upcoming Bookings" hint="Book a class and it will show up here." action={BROWSE} />
    ) : tab === 'past' ? (
      <EmptyState title="No Past Bookings" hint="Classes you have taken will show up here." action={BROWSE} />
    ) : (
      <EmptyState title="No Cancelled Bookings" hint="Bookings you cancel stay here, with what was refunded." action={BROWSE} />
    );
  }
  return (
    <>
      <ul className="space-y-4">
        {items.map((b) => (
          <BookingItem
            key={b.id}
            booking={b}
            tab={tab}
            onCancel={onCancel}
            onMove={onMove}
            highlighted={b.id === highlight}
            conditions={conditions.get(b.classId)}
          />
        ))}
      </ul>
      <LoadMoreButton query={list.query} loaded={items.length} total={list.total} noun="bookings" />
    </>
  );
}

export default function BookingsScreen(_props: ScreenProps) {
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const upcoming = useTab('upcoming');
  const past = useTab('past');
  const cancelled = useTab('cancelled');
  const highlightParam = Number(new URLSearchParams(search).get('highlight'));
  const highlight = Number.isSafeInteger(highlightParam) && highlightParam > 0 ? highlightParam : null;
  // The badge counts active upcoming bookings only (not those the coach cancelled by deleting the class).
  const active = useQuery({
    queryKey: [...BOOKINGS, 'active-upcoming'],
    queryFn: () => unwrapPage(api.bookings.get({ query: { when: 'upcoming', active: 'true', limit: '1' } })),
  });
  // Any booking at all (cancelled ones too): "No Bookings Found" is only for a customer who never booked.
  const any = useQuery({ queryKey: [...BOOKINGS, 'any'], queryFn: () => unwrapPage(api.bookings.get({ query: { limit: '1' } })) });
  const [toCancel, setToCancel] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const waitlist = useWaitlistEntries();
  const initialTab = { waitlist: 2, cancelled: 3 }[new URLSearchParams(search).get('tab') ?? ''] ?? 0;
  const reload = () => queryClient.invalidateQueries({ queryKey: BOOKINGS });

  useEffect(() => {
    showCarriedToast();
  }, []);

  useEffect(() => {
    if (new URLSearchParams(search).get('refresh') === 'true') {
      const url = new URL(window.location.href);
      url.searchParams.delete('refresh');
      window.history.replaceState(window.history.state, '', url.pathname + url.search);
      void reload();
    }
  }, [search]);

  async function moveToOffered(booking: Booking) {
    try {
      const moved = await unwrap(api.bookings({ id: booking.id })['move-to-offered-session'].post());
      toast({
        title: 'Booking moved',
        description: `Your ${moved.quantity === 1 ? 'spot is' : 'spots are'} now on the other session, with your payment.`,
        variant: 'success',
      });
      await Promise.all([reload(), queryClient.invalidateQueries({ queryKey: ['conditions'] })]);
    } catch (error) {
      toast({ title: 'Move failed', description: errorMessage(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
    }
  }

  async function confirmCancel(refundAs: RefundAs) {
    if (!toCancel) return;
    setCancelling(true);
    try {
      const cancelled = await unwrap(api.bookings({ id: toCancel.id }).cancel.put(refundAs === 'credit' ? { refundAs } : undefined));
      const refund = cancelled.refundAmount ? ` ${dollars(cancelled.refundAmount)} will be refunded within 3-5 business days.` : '';
      const credit = cancelled.refundedAsCredit ? ` ${dollars(cancelled.refundedAsCredit)} is now credit with your coach.` : '';
      toast({
        title: 'Booking cancelled',
        description: `Your booking has been successfully cancelled.${refund}${credit}`,
        variant: 'success',
      });
      setToCancel(null);
      await reload();
    } catch (error) {
      toast({
        title: 'Cancellation failed',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setCancelling(false);
    }
  }

  const loaded = upcoming.query.data && past.query.data && cancelled.query.data && any.data && waitlist.entries;
  const failed = [upcoming.query, past.query, cancelled.query, active, any, waitlist.list.query].some((q) => q.isError && !q.data);
  const retry = () =>
    Promise.all([
      upcoming.query.refetch(),
      past.query.refetch(),
      cancelled.query.refetch(),
      active.refetch(),
      any.refetch(),
      waitlist.list.query.refetch(),
    ]);
  const activeUpcoming = active.data?.total ?? 0;
  return (
    <div className="container-page max-w-4xl py-8 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">My Bookings</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">Your upcoming classes and the ones you have taken.</p>
      <div className="mt-6">
        <OfferNotice entries={waitlist.entries ?? []} />
        {failed ? (
          <div
            role="alert"
            className="rounded-[var(--radius-card)] border border-dashed border-red-300 bg-red-50 px-6 py-10 text-center dark:border-red-900 dark:bg-red-950/40"
          >
            <p className="text-lg font-semibold text-red-800 dark:text-red-300">Error Loading Bookings</p>
            <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">We couldn't load your bookings. Please try again later.</p>
            <button type="button" className="btn-primary mt-5" onClick={() => void retry()}>
              Retry
            </button>
          </div>
        ) : !loaded ? (
          <Skeletons />
        ) : any.data.total === 0 && (waitlist.entries ?? []).length === 0 ? (
          <EmptyState title="No Bookings Found" hint="You have not booked any classes yet. Find one you like!" action={BROWSE} />
        ) : (
          <TabGroup defaultIndex={initialTab}>
            <TabList className="flex gap-1 rounded-full bg-fog-100 p-1 dark:bg-fog-800" aria-label="Bookings">
              {['Upcoming', 'Past', 'Waitlist', 'Cancelled'].map((label) => (
                <Tab
                  key={label}
                  className="flex flex-1 items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-fog-700 data-[selected]:bg-white data-[selected]:text-fog-900 data-[selected]:shadow dark:text-fog-300 dark:data-[selected]:bg-fog-950 dark:data-[selected]:text-fog-50"
                >
                  {label}
                  {label === 'Upcoming' && (
                    <span
                      className="badge bg-brand-600 text-white dark:bg-brand-500 dark:text-fog-950"
                      aria-label={`${activeUpcoming} upcoming`}
                    >
                      {activeUpcoming}
                    </span>
                  )}
                  {label === 'Waitlist' && waitlist.openCount > 0 && (
                    <span className="badge bg-amber-500 text-fog-950" aria-label={`${waitlist.openCount} on the waitlist`}>
                      {waitlist.openCount}
                    </span>
                  )}
                </Tab>
              ))}
            </TabList>
            <TabPanels className="mt-6">
              <TabPanel>
                <BookingList
                  tab="upcoming"
                  list={upcoming}
                  onCancel={setToCancel}
                  onMove={(b) => void moveToOffered(b)}
                  highlight={highlight}
                />
              </TabPanel>
              <TabPanel>
                <BookingList tab="past" list={past} onCancel={setToCancel} highlight={highlight} />
              </TabPanel>
              <TabPanel>
                <WaitlistPanel waitlist={waitlist} />
              </TabPanel>
              <TabPanel>
                <BookingList tab="cancelled" list={cancelled} onCancel={setToCancel} highlight={highlight} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        )}
      </div>
      <CancelDialog
        booking={toCancel}
        busy={cancelling}
        onKeep={() => setToCancel(null)}
        onConfirm={(refundAs) => void confirmCancel(refundAs)}
      />
    </div>
  );
}
