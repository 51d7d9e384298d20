// /bookings (customer-areas §2, §4, §8): Upcoming (with count badge) and Past tabs, cancel with its dialog,
// reviews, empty and error states. Never cached: refetched on window focus; ?refresh=true cleans the URL
// and reloads the list (after checkout).
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useCallback, useEffect, useState } from 'react';
import type { Booking } from '../../../../api/bookings/model';
import { EmptyState } from '../../../components/catalog/EmptyState';
import { apiGet, apiPut, errorMessage } from '../../../lib/api-client';
import { splitBookings } from '../../../lib/bookings';
import { showCarriedToast } from '../../../lib/carry-toast';
import { dollars } from '../../../lib/catalog';
import { toast } from '../../../lib/stores/toast';
import { useLocation } from '../../router';
import type { ScreenProps } from '../../router';
import { BookingItem } from './BookingItem';
import { CancelDialog } from './CancelDialog';

const BROWSE = { href: '/classes', label: 'Browse Classes' };

export default function BookingsScreen(_props: ScreenProps) {
  const { search } = useLocation();
  const [bookings, setBookings] = useState<Booking[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [toCancel, setToCancel] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState(false);

  const load = useCallback(async () => {
    try {
      setBookings(await apiGet<Booking[]>('/api/bookings'));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    showCarriedToast();
  }, []);

  useEffect(() => {
    if (new URLSearchParams(search).get('refresh') === 'true') {
      const url = new URL(window.location.href);
      url.searchParams.delete('refresh');
      window.history.replaceState(window.history.state, '', url.pathname + url.search);
    }
    void load();
  }, [search, load]);

  useEffect(() => {
    const onFocus = () => void load();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [load]);

  async function confirmCancel() {
    if (!toCancel) return;
    setCancelling(true);
    try {
      const cancelled = await apiPut<Booking>(`/api/bookings/${toCancel.id}/cancel`);
      const refund = cancelled.refundAmount ? ` ${dollars(cancelled.refundAmount)} will be refunded within 3-5 business days.` : '';
      toast({ title: 'Booking cancelled', description: `Your booking has been successfully cancelled.${refund}`, variant: 'success' });
      setToCancel(null);
      await load();
    } catch (error) {
      toast({ title: 'Cancellation failed', description: errorMessage(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
    } finally {
      setCancelling(false);
    }
  }

  const { upcoming, past, activeUpcoming } = splitBookings(bookings ?? [], new Date());
  return (
    <div className="container-page max-w-4xl py-8 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">My Bookings</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">Your upcoming classes and the ones you have taken.</p>
      <div className="mt-6">
        {failed && bookings === null ? (
          <div role="alert" className="rounded-[var(--radius-card)] border border-dashed border-red-300 bg-red-50 px-6 py-10 text-center dark:border-red-900 dark:bg-red-950/40">
            <p className="text-lg font-semibold text-red-800 dark:text-red-300">Error Loading Bookings</p>
            <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">We couldn't load your bookings. Please try again later.</p>
            <button type="button" className="btn-primary mt-5" onClick={() => void load()}>Retry</button>
          </div>
        ) : bookings === null ? (
          <div className="space-y-4" role="status" aria-label="Loading bookings">
            {[0, 1, 2].map((i) => <div key={i} className="skeleton h-36 w-full rounded-[var(--radius-card)]" />)}
          </div>
        ) : bookings.length === 0 ? (
          <EmptyState title="No Bookings Found" hint="You have not booked any classes yet. Find one you like!" action={BROWSE} />
        ) : (
          <TabGroup>
            <TabList className="flex gap-1 rounded-full bg-fog-100 p-1 dark:bg-fog-800" aria-label="Bookings">
              {['Upcoming', 'Past'].map((label) => (
                <Tab key={label} className="flex flex-1 items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-fog-700 data-[selected]:bg-white data-[selected]:text-fog-900 data-[selected]:shadow dark:text-fog-300 dark:data-[selected]:bg-fog-950 dark:data-[selected]:text-fog-50">
                  {label}
                  {label === 'Upcoming' && (
                    <span className="badge bg-brand-600 text-white dark:bg-brand-500 dark:text-fog-950" aria-label={`${activeUpcoming} upcoming`}>{activeUpcoming}</span>
                  )}
                </Tab>
              ))}
            </TabList>
            <TabPanels className="mt-6">
              <TabPanel>
                {upcoming.length === 0 ? (
                  <EmptyState title="No Upcoming Bookings" hint="Book a class and it will show up here." action={BROWSE} />
                ) : (
                  <ul className="space-y-4">{upcoming.map((b) => <BookingItem key={b.id} booking={b} tab="upcoming" onCancel={setToCancel} />)}</ul>
                )}
              </TabPanel>
              <TabPanel>
                {past.length === 0 ? (
                  <EmptyState title="No Past Bookings" hint="Classes you have taken will show up here." action={BROWSE} />
                ) : (
                  <ul className="space-y-4">{past.map((b) => <BookingItem key={b.id} booking={b} tab="past" onCancel={setToCancel} />)}</ul>
                )}
              </TabPanel>
            </TabPanels>
          </TabGroup>
        )}
      </div>
      <CancelDialog booking={toCancel} busy={cancelling} onKeep={() => setToCancel(null)} onConfirm={() => void confirmCancel()} />
    </div>
  );
}
