// What both payment forms (Stripe's Payment Element and the test provider's card form) receive.
export interface CheckoutIntent {
  id: string;
  clientSecret: string;
  bookingId: number;
  amount: number;
  holdExpiresAt: string | null;
}

export interface PaymentFormProps {
  intent: CheckoutIntent;
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
}
