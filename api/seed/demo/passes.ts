// The demo coach's passes (a 5-class pack, a monthly membership, an intro offer) and the demo customer's pack,
// bought 20 days ago, with its history in the credit ledger: a class taken with a credit, one to come, and one
// cancelled in time whose credit came back. Written inside the seeding transaction.
import type { Tx } from '../../../db/client';
import { bookings, passes, passLedger, passPurchases } from '../../../db/schema';
import { priceBreakdown } from '../../../common/money';

const DAY = 86_400_000;

/** A class of the demo coach the demo customer could book with a credit: paid, for adults, with a free spot,
 * and not booked by them already. */
export interface CreditClass {
  id: number;
  start: Date;
}

export const DEMO_PASSES = {
  pack: { name: '5-class pack', priceCents: 10_000, credits: 5, validityDays: 90 },
  membership: { name: 'Monthly unlimited', priceCents: 14_900, billingPeriod: 'month' as const, maxPauseWeeks: 4 },
  intro: { name: 'Intro offer: 2 classes', priceCents: 2_500, credits: 2, validityDays: 30 },
};

export async function seedPassesDemo(
  tx: Tx,
  now: Date,
  people: { coach: number; customer: number },
  classes: CreditClass[],
  insertBookings: (rows: Array<typeof bookings.$inferInsert>) => Promise<number[]>,
): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const listed = ago(30);
  const [pack] = await tx
    .insert(passes)
    .values([
      {
        coachId: people.coach,
        kind: 'pack' as const,
        name: DEMO_PASSES.pack.name,
        description: 'Five classes of your choice, valid for 90 days: $20 a class.',
        priceCents: DEMO_PASSES.pack.priceCents,
        credits: DEMO_PASSES.pack.credits,
        validityDays: DEMO_PASSES.pack.validityDays,
        createdAt: listed,
        updatedAt: listed,
      },
      {
        coachId: people.coach,
        kind: 'membership' as const,
        name: DEMO_PASSES.membership.name,
        description: 'Every class, every month. Cancel any time before your next renewal; pause up to 4 weeks a year.',
        priceCents: DEMO_PASSES.membership.priceCents,
        credits: null,
        billingPeriod: DEMO_PASSES.membership.billingPeriod,
        maxPauseWeeks: DEMO_PASSES.membership.maxPauseWeeks,
        createdAt: listed,
        updatedAt: listed,
      },
      {
        coachId: people.coach,
        kind: 'intro' as const,
        name: DEMO_PASSES.intro.name,
        description: 'New here? Your first two classes for $25.',
        priceCents: DEMO_PASSES.intro.priceCents,
        credits: DEMO_PASSES.intro.credits,
        validityDays: DEMO_PASSES.intro.validityDays,
        createdAt: listed,
        updatedAt: listed,
      },
    ])
    .returning();

  // The demo customer's pack, bought 20 days ago.
  const boughtAt = ago(20);
  const expiresAt = new Date(boughtAt.getTime() + DEMO_PASSES.pack.validityDays * DAY);
  const price = priceBreakdown(DEMO_PASSES.pack.priceCents, 1);
  const [purchase] = await tx
    .insert(passPurchases)
    .values({
      passId: pack!.id,
      userId: people.customer,
      coachId: people.coach,
      kind: 'pack',
      name: pack!.name,
      status: 'active',
      priceCents: pack!.priceCents,
      credits: pack!.credits,
      validityDays: pack!.validityDays,
      serviceFeeCents: price.serviceFeeCents,
      amountCents: price.totalCents,
      activatedAt: boughtAt,
      expiresAt,
      createdAt: boughtAt,
      updatedAt: boughtAt,
    })
    .returning();
  const ledger: Array<typeof passLedger.$inferInsert> = [
    { purchaseId: purchase!.id, kind: 'purchase', delta: DEMO_PASSES.pack.credits, creditsExpireAt: expiresAt, createdAt: boughtAt },
  ];

  // Its history: the most recent past class and the soonest class to come, each booked with a credit, and another
  // class to come booked and then cancelled in time (its credit came back).
  const past = classes.filter((c) => c.start.getTime() < now.getTime() - DAY && c.start.getTime() > boughtAt.getTime()).at(-1);
  const upcoming = classes.filter((c) => c.start.getTime() > now.getTime() + 3 * DAY && c.start.getTime() < expiresAt.getTime());
  const used = [
    past && { cls: past, bookedAt: new Date(past.start.getTime() - 5 * DAY), cancelledAt: null },
    upcoming[0] && { cls: upcoming[0], bookedAt: ago(2), cancelledAt: null },
    upcoming[1] && { cls: upcoming[1], bookedAt: ago(6), cancelledAt: ago(4) },
  ].filter((u): u is { cls: CreditClass; bookedAt: Date; cancelledAt: Date | null } => Boolean(u));
  // Historic rows, written as the rest of the demo's bookings are (demo-data.ts insertAll), not through the lifecycle.
  const bookingIds = await insertBookings(
    used.map(({ cls, bookedAt, cancelledAt }) => ({
      classId: cls.id,
      userId: people.customer,
      status: cancelledAt ? ('cancelled' as const) : ('confirmed' as const),
      cancelReason: cancelledAt ? 'customer' : null,
      quantity: 1,
      confirmedAt: bookedAt,
      cancelledAt,
      refundAmountCents: cancelledAt ? 0 : null,
      createdAt: bookedAt,
      updatedAt: cancelledAt ?? bookedAt,
    })),
  );
  used.forEach(({ bookedAt, cancelledAt }, i) => {
    const bookingId = bookingIds[i]!;
    ledger.push({ purchaseId: purchase!.id, kind: 'booking', delta: -1, creditsExpireAt: expiresAt, bookingId, createdAt: bookedAt });
    if (cancelledAt)
      ledger.push({ purchaseId: purchase!.id, kind: 'return', delta: 1, creditsExpireAt: expiresAt, bookingId, createdAt: cancelledAt });
  });
  await tx.insert(passLedger).values(ledger);
}
