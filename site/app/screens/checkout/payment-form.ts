// What both payment forms (Stripe's Payment Element and the test provider's card form) receive: the class
// checkout and a pass's purchase (issue 19) alike.

/** The one intent a form pays: Stripe's PaymentIntent or the test provider's twin. */
export interface PayableIntent {
  id: string;
  clientSecret: string;
}

export interface CheckoutIntent extends PayableIntent {
  bookingId: number;
  amount: number;
  holdExpiresAt: string | null;
}

export interface PaymentFormProps {
  intent: PayableIntent;
  totalLabel: string;
  /** Where Stripe sends the browser back after a redirect-based payment method. */
  returnUrl: string;
  publishableKey: string | null;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  /** Runs before any charge (the attendees' names are checked and saved with the hold): false stops the payment. */
  beforePay: () => Promise<boolean>;
  /** The charge succeeded: confirm the booking on the server. */
  onPaid: (intentId: string) => Promise<void>;
  /** Declined, insufficient funds...: the provider's message. */
  onFailed: (message: string) => void;
  /** A membership's first payment: the card then pays its renewals (the test form names the card whose renewal
   * fails). */
  recurring?: boolean;
}
