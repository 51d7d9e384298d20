// The class page's booking card. DISPLAY part (catalogue): price per person, spots left of capacity, the
// spot counter (1 .. spotsLeft, falling back to capacity), price x quantity, the 5% service fee and the total.
// The booking ACTION is marked below: the booking engineer takes this file over for booked/free/full states.
import { useState } from 'react';
import { formatDollars, priceBreakdown } from '../../../api/lib/money';
import { dollars } from '../../lib/catalog';
import { Icon } from '../../components/catalog/icons';

export interface BookingCardProps {
  classId: number;
  price: number;
  capacity: number;
  spotsLeft: number;
  signedIn: boolean;
}

export default function BookingCard({ classId, price, capacity, spotsLeft, signedIn }: BookingCardProps) {
  const full = spotsLeft <= 0;
  const max = Math.max(1, spotsLeft || capacity);
  const [quantity, setQuantity] = useState(1);
  const priceCents = Math.round(price * 100);
  const { subtotalCents, serviceFeeCents, totalCents } = priceBreakdown(priceCents, quantity);

  return (
    <section aria-labelledby="booking-card-title" className="card p-5 sm:p-6">
      <h2 id="booking-card-title" className="sr-only">Book this class</h2>
      <p className="flex items-baseline gap-1.5">
        <span className="text-3xl font-bold text-fog-900 dark:text-fog-50">{dollars(price)}</span>
        <span className="text-fog-600 dark:text-fog-400">per person</span>
      </p>
      <p className={`mt-2 flex items-center gap-1.5 text-sm font-semibold ${full ? 'text-red-700 dark:text-red-400' : 'text-brand-700 dark:text-brand-300'}`}>
        <Icon name="users" className="h-4 w-4" />
        {full ? 'Class Full' : `${spotsLeft} of ${capacity} spots left`}
      </p>

      {full ? (
        <div className="mt-5 rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950/50 dark:text-red-200" role="status">
          <p className="font-semibold">Class is Full</p>
          <p className="mt-1 text-sm">Check back later in case a spot opens up from a cancellation.</p>
        </div>
      ) : (
        <>
          <div className="mt-5 flex items-center justify-between">
            <span id="spots-label" className="font-medium">Spots</span>
            <div className="flex items-center gap-3" role="group" aria-labelledby="spots-label">
              <button type="button" className="btn-secondary h-10 w-10 p-0" aria-label="Remove a spot" disabled={quantity <= 1} onClick={() => setQuantity((q) => Math.max(1, q - 1))}>
                <Icon name="minus" className="h-4 w-4" />
              </button>
              <output aria-live="polite" aria-label="Number of spots" className="w-8 text-center text-lg font-semibold tabular-nums">{quantity}</output>
              <button type="button" className="btn-secondary h-10 w-10 p-0" aria-label="Add a spot" disabled={quantity >= max} onClick={() => setQuantity((q) => Math.min(max, q + 1))}>
                <Icon name="plus" className="h-4 w-4" />
              </button>
            </div>
          </div>

          <dl className="mt-5 space-y-2 border-t border-fog-200 pt-4 text-sm dark:border-fog-800" aria-label="Price breakdown">
            <div className="flex justify-between">
              <dt>{dollars(price)} x {quantity}</dt>
              <dd data-testid="subtotal" className="tabular-nums">{formatDollars(subtotalCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Service fee (5%)</dt>
              <dd data-testid="service-fee" className="tabular-nums">{formatDollars(serviceFeeCents)}</dd>
            </div>
            <div className="flex justify-between border-t border-fog-200 pt-2 text-base font-bold dark:border-fog-800">
              <dt>Total</dt>
              <dd data-testid="total" className="tabular-nums">{formatDollars(totalCents)}</dd>
            </div>
          </dl>

          {/* ---- BOOKING ACTION (booking engineer): already-booked notice, free classes booked directly via
               POST /api/bookings/free, states and errors. Initial behaviour: plain links. ---- */}
          <a href={signedIn ? `/checkout/${classId}?quantity=${quantity}` : `/auth?redirect=/classes/${classId}`} className="btn-primary mt-5 w-full py-3 text-base">
            Book Now
          </a>
          {/* ---- END BOOKING ACTION ---- */}
        </>
      )}
    </section>
  );
}
