// The passes a coach sells (issue 19), on the coach's profile and beside the booking card of each of the coach's
// classes: "5-class pack: $100, $20 a class — save $25" (the saving against the coach's class price, in cents),
// a membership's price per period, an intro offer, each with Buy. Loaded in the browser after the page (the
// list and whether this customer may buy an intro offer change with every sale; the coach's page is one HTML for
// everyone, so who is signed in is the API's word: canBuy null), and only the passes that
// cover the class on a class page. Nothing shows when the coach sells none.
import { useEffect, useState } from 'react';
import { formatDollars } from '../../../common/money';
import type { PublicPass } from '../../../api/passes/model';
import { tagReact } from '../../lib/astro-react';
import { packLine, shortDollars } from '../../lib/pass-pricing';
import { coverageText, coversClass, passTerms } from '../../lib/pass-terms';
import { coachPasses } from '../../lib/passes-api';

interface PassOffersProps {
  coachId: number;
  /** The coach's class price in dollars (this class's, or their usual one on the profile), for "save $25". */
  classPrice: number | null;
  /** On a class page: only passes covering this class. */
  forClass?: { id: number; categoryId: number | null; ageGroup: string | null };
  /** The heading's level and look: a section of the profile, or a box under the booking card. */
  variant?: 'profile' | 'class';
}

const KIND = { pack: 'Class pack', membership: 'Membership', intro: 'Intro offer' } as const;

/** What the offer says in one line: a pack's price per class and saving, or a membership's price per period. */
function offerLine(pass: PublicPass, classPriceCents: number | null): string {
  const priceCents = Math.round(pass.price * 100);
  if (pass.kind === 'membership') return `${shortDollars(priceCents)} a ${pass.billingPeriod ?? 'month'}`;
  if (pass.kind === 'intro' && pass.credits === 1) return `Your first class: ${shortDollars(priceCents)}`;
  return packLine({ credits: pass.credits ?? 1, priceCents }, classPriceCents);
}

export default function PassOffers({ coachId, classPrice, forClass, variant = 'profile' }: PassOffersProps) {
  const [passes, setPasses] = useState<PublicPass[] | null>(null);
  useEffect(() => {
    let live = true;
    coachPasses(coachId)
      .then((list) => live && setPasses(list))
      .catch(() => live && setPasses([]));
    return () => {
      live = false;
    };
  }, [coachId]);

  const shown = (passes ?? []).filter(
    (p) => !p.archived && (!forClass || coversClass(p.coverage, { categoryId: forClass.categoryId, ageGroup: forClass.ageGroup })),
  );
  if (shown.length === 0) return null;
  const classPriceCents = classPrice && classPrice > 0 ? Math.round(classPrice * 100) : null;
  return (
    <section
      id="passes"
      aria-labelledby="passes-title"
      className={variant === 'class' ? 'card mt-4 scroll-mt-20 p-5' : 'card scroll-mt-20 p-6'}
    >
      <h2 id="passes-title" className={variant === 'class' ? 'text-base font-semibold' : 'text-xl font-semibold'}>
        {variant === 'class' ? 'Save with a pass' : 'Passes and memberships'}
      </h2>
      <ul className={`mt-3 grid gap-3 ${variant === 'profile' ? 'sm:grid-cols-2' : ''}`}>
        {shown.map((pass) => {
          const buy = `/passes/${pass.id}/buy?coach=${coachId}`;
          return (
            <li key={pass.id} className="flex flex-col rounded-xl border border-fog-200 p-4 dark:border-fog-800">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">{KIND[pass.kind]}</p>
              <p className="mt-0.5 font-semibold text-fog-900 dark:text-fog-50">{pass.name}</p>
              <p className="mt-1 text-sm font-medium text-fog-800 dark:text-fog-200" data-testid="pass-offer-line">
                {offerLine(pass, classPriceCents)}
              </p>
              <p className="mt-1 text-xs text-fog-600 dark:text-fog-400">
                {passTerms(pass)} · {coverageText(pass.coverage)}
              </p>
              {pass.canBuy === false ? (
                <p className="mt-3 text-sm text-fog-600 dark:text-fog-400">{pass.unavailableReason}</p>
              ) : (
                <>
                  <a href={pass.canBuy === null ? `/auth?redirect=${encodeURIComponent(buy)}` : buy} className="btn-secondary mt-3 w-full">
                    {pass.kind === 'membership' ? 'Join' : 'Buy'} for {formatDollars(Math.round(pass.total * 100))}
                  </a>
                  <p className="mt-1 text-center text-xs text-fog-600 dark:text-fog-400">Price plus the 5% service fee</p>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

tagReact(PassOffers);
