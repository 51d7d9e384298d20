// Upcoming and Past on the bookings page: which bookings go where, and in which order.
import { describe, expect, test } from 'bun:test';
import type { Booking } from '../../api/bookings/model';
import { splitBookings } from './bookings';

const now = new Date('2027-03-10T12:00:00Z');
let id = 0;
function booking(status: Booking['status'], startTime: string, extra: Partial<Booking> = {}): Booking {
  id++;
  return {
    id, classId: id, userId: 1, status, quantity: 1, subtotal: 0, serviceFee: 0, amount: 0, refundAmount: null, paymentIntentId: null,
    holdExpiresAt: null, confirmedAt: null, cancelledAt: null, cancelReason: null, createdAt: now.toISOString(), refundIfCancelledNow: 0,
    fullRefundUntil: null, reviewId: null, attendees: [], classChangedAt: null,
    class: { id, title: `Class ${id}`, startTime, endTime: null, location: null, address: null, image: null, price: 0, coachId: 1, deleted: false },
    ...extra,
  };
}

describe('splitBookings', () => {
  test('Upcoming holds confirmed future bookings, soonest first', () => {
    const later = booking('confirmed', '2027-03-20T17:00:00Z');
    const sooner = booking('confirmed', '2027-03-11T17:00:00Z');
    const cancelled = booking('cancelled', '2027-03-12T17:00:00Z');
    expect(splitBookings([later, cancelled, sooner], now).upcoming.map((b) => b.id)).toEqual([sooner.id, later.id]);
  });

  test('a payment hold still running shows as upcoming; an expired one does not', () => {
    const live = booking('pending', '2027-03-20T17:00:00Z', { holdExpiresAt: '2027-03-10T12:10:00Z' });
    const expired = booking('pending', '2027-03-20T17:00:00Z', { holdExpiresAt: '2027-03-10T11:50:00Z' });
    expect(splitBookings([live, expired], now).upcoming.map((b) => b.id)).toEqual([live.id]);
  });

  test('a booking cancelled because the coach deleted the class stays in Upcoming, outside the count badge', () => {
    const active = booking('confirmed', '2027-03-20T17:00:00Z');
    const byCoach = booking('cancelled', '2027-03-12T17:00:00Z', { cancelReason: 'class_deleted', refundAmount: 21 });
    const byCustomer = booking('cancelled', '2027-03-13T17:00:00Z', { cancelReason: 'customer' });
    const split = splitBookings([active, byCoach, byCustomer], now);
    expect(split.upcoming.map((b) => b.id)).toEqual([byCoach.id, active.id]);
    expect(split.activeUpcoming).toBe(1);
  });

  test('once its class time has passed, a booking cancelled by the coach moves to Past', () => {
    const byCoach = booking('cancelled', '2027-03-09T17:00:00Z', { cancelReason: 'class_deleted', refundAmount: 21 });
    expect(splitBookings([byCoach], now)).toMatchObject({ upcoming: [], past: [byCoach] });
  });

  test('Past holds bookings whose class started now or earlier, most recent first', () => {
    const old = booking('confirmed', '2027-01-01T17:00:00Z');
    const recent = booking('cancelled', '2027-03-09T17:00:00Z');
    const startingNow = booking('confirmed', now.toISOString());
    expect(splitBookings([old, recent, startingNow], now).past.map((b) => b.id)).toEqual([startingNow.id, recent.id, old.id]);
  });
});
