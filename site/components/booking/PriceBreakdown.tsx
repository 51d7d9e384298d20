// The price breakdown of the class page's booking card, the class checkout and the pass checkout: price x quantity
// (or the pass's name), a promo code's discount (the server's quote), the 5% service fee on the discounted price and
// the total, computed in cents exactly as the server computes the amount it charges; at checkout, the coach credit
// the server applies and what the card pays.
import { formatDollars, priceBreakdown } from '../../../common/money';
import { dollars } from '../../lib/catalog';

/** A promo code the server accepted for this checkout: its code and what it takes off price x quantity. */
export interface AppliedDiscount {
  code: string;
  cents: number;
}

export function PriceBreakdown({
  price,
  quantity,
  discount = null,
  creditCents = 0,
  label,
  className = '',
}: {
  price: number;
  quantity: number;
  /** What the first line names (a pass checkout: the pass), instead of "price x quantity". */
  label?: string;
  discount?: AppliedDiscount | null;
  /** Coach credit the server applies (GET /api/payment/quote): shown as a line, the card paying the rest. */
  creditCents?: number;
  className?: string;
}) {
  const subtotalCents = Math.round(price * 100) * quantity;
  const discountCents = discount?.cents ?? 0;
  const { serviceFeeCents, totalCents } = priceBreakdown(subtotalCents - discountCents, 1);
  return (
    <dl className={`space-y-2 text-sm ${className}`} aria-label="Price breakdown">
      <div className="flex justify-between">
        <dt>{label ?? `${dollars(price)} x ${quantity}`}</dt>
        <dd data-testid="subtotal" className="tabular-nums">
          {formatDollars(subtotalCents)}
        </dd>
      </div>
      {discount && discountCents > 0 && (
        <div className="flex justify-between text-brand-800 dark:text-brand-200">
          <dt>
            Promo code <span className="font-semibold">{discount.code}</span>
          </dt>
          <dd data-testid="discount" className="tabular-nums">
            -{formatDollars(discountCents)}
          </dd>
        </div>
      )}
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
      {creditCents > 0 && (
        <>
          <div className="flex justify-between text-brand-800 dark:text-brand-200">
            <dt>Coach credit applied</dt>
            <dd data-testid="credit-applied" className="tabular-nums">
              -{formatDollars(creditCents)}
            </dd>
          </div>
          <div className="flex justify-between border-t border-fog-200 pt-2 text-base font-bold dark:border-fog-800">
            <dt>To pay by card</dt>
            <dd data-testid="amount-due" className="tabular-nums">
              {formatDollars(totalCents - creditCents)}
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** The total the page shows, in dollars: what create-intent must receive. */
export function totalDollars(price: number, quantity: number, discountCents = 0): number {
  return priceBreakdown(Math.round(price * 100) * quantity - discountCents, 1).totalCents / 100;
}
