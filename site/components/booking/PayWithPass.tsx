// The booking card's "Pay with" choice (issue 19): each pass the customer holds that covers this class, as
// "Use 1 credit (4 left, expires Jan 12)" (one credit per spot, so a parent booking for three children uses
// three), an unlimited membership, or paying by card. A membership whose renewal failed is listed too: booking
// with it answers the server's past-due message, shown with the way to update the card.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { WalletPass } from '../../../api/passes/model';
import { creditsOfferLine } from '../../lib/pass-pricing';
import { coversClass } from '../../lib/pass-terms';
import { readWallet } from '../../lib/passes-api';

export interface PassScope {
  coachId: number;
  categoryId: number | null;
  ageGroup: string | null;
}

/** The passes that can pay for this class now (the server's list, soonest expiry first), and the past-due
 * memberships with this coach that would cover it. */
export function useClassPasses(classId: number, scope: PassScope | undefined, enabled: boolean) {
  const usable = useQuery({ queryKey: ['wallet', { classId }], queryFn: () => readWallet({ classId }), enabled: enabled && !!scope });
  const all = useQuery({ queryKey: ['wallet', 'all'], queryFn: () => readWallet(), enabled: enabled && !!scope });
  const pastDue = (all.data?.passes ?? []).filter(
    (p) => p.status === 'past_due' && scope && p.coachId === scope.coachId && coversClass(p.coverage, scope),
  );
  return { usable: usable.data?.passes ?? [], pastDue, loading: enabled && !!scope && usable.isPending };
}

/** Why this pass cannot pay for `quantity` spots, or null when it can. */
export function passShortfall(pass: WalletPass, quantity: number): string | null {
  if (pass.status === 'past_due') return null; // the server says why, with its message
  if (pass.unlimited) return quantity > 1 ? 'A membership books one spot: choose 1 spot, or pay by card.' : null;
  const left = pass.creditsLeft ?? 0;
  if (left < quantity) return left === 1 ? 'Only 1 credit is left on this pass.' : `Only ${left} credits are left on this pass.`;
  return null;
}

export function PayWithChoice({
  passes,
  quantity,
  value,
  onChange,
  disabled,
}: {
  passes: WalletPass[];
  quantity: number;
  /** The chosen purchase, or null to pay by card. */
  value: number | null;
  onChange: (purchaseId: number | null) => void;
  disabled?: boolean;
}) {
  const name = useId();
  const option =
    'flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-950/50';
  return (
    <fieldset className="mt-5 border-t border-fog-200 pt-4 dark:border-fog-800" disabled={disabled}>
      <legend className="float-left mb-2 w-full font-medium">Pay with</legend>
      <div className="clear-both grid gap-2">
        {passes.map((pass) => {
          const short = passShortfall(pass, quantity);
          return (
            <label key={pass.purchaseId} className={`${option} border-fog-200 dark:border-fog-700 ${short ? 'opacity-70' : ''}`}>
              <input
                type="radio"
                name={name}
                className="mt-0.5"
                checked={value === pass.purchaseId}
                disabled={short !== null}
                onChange={() => onChange(pass.purchaseId)}
                aria-describedby={short ? `${name}-${pass.purchaseId}` : undefined}
              />
              <span className="min-w-0">
                <span className="block font-semibold text-fog-900 dark:text-fog-50">
                  {pass.status === 'past_due'
                    ? 'Use your membership (payment past due)'
                    : pass.unlimited
                      ? 'Use your membership (unlimited classes)'
                      : creditsOfferLine(quantity, pass.creditsLeft ?? 0, pass.creditsExpireAt)}
                </span>
                <span className="block text-fog-600 dark:text-fog-400">{pass.name}</span>
                {short && (
                  <span id={`${name}-${pass.purchaseId}`} className="mt-0.5 block text-amber-800 dark:text-amber-200">
                    {short}
                  </span>
                )}
              </span>
            </label>
          );
        })}
        <label className={`${option} border-fog-200 dark:border-fog-700`}>
          <input type="radio" name={name} className="mt-0.5" checked={value === null} onChange={() => onChange(null)} />
          <span className="font-semibold text-fog-900 dark:text-fog-50">Pay by card</span>
        </label>
      </div>
    </fieldset>
  );
}
