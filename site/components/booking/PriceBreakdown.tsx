// The price breakdown of the class page's booking card and the checkout: price x quantity, the 5% service
// fee and the total, computed in cents exactly as the server computes the amount it charges.
import { formatDollars, priceBreakdown } from '../../../common/money';
import { dollars } from '../../lib/catalog';

export function PriceBreakdown({ price, quantity, className = '' }: { price: number; quantity: number; className?: string }) {
  const { subtotalCents, serviceFeeCents, totalCents } = priceBreakdown(Math.round(price * 100), quantity);
  return (
    <dl className={`space-y-2 text-sm ${className}`} aria-label="Price breakdown">
      <div className="flex justify-between">
        <dt>
          {dollars(price)} x {quantity}
        </dt>
        <dd data-testid="subtotal" className="tabular-nums">
          {formatDollars(subtotalCents)}
        </dd>
      </div>
      <div className="flex justify-between">
        <dt>Service fee (5%)</dt>
        <dd data-testid="service-fee" className="tabular-nums">
          {formatDollars(serviceFeeCents)}
        </dd>
      </div>
      <div className="flex justify-between border-t border-fog-200 pt-2 text-base font-bold dark:border-fog-800">
        <dt>Total</dt>
        <dd data-testid="total" className="tabular-nums">
          {formatDollars(totalCents)}
        </dd>
      </div>
    </dl>
  );
}

/** The total the page shows, in dollars: what create-intent must receive. */
export function totalDollars(price: number, quantity: number): number {
  return priceBreakdown(Math.round(price * 100), quantity).totalCents / 100;
}
