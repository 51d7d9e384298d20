// The timed work every server process schedules; the database (api/lib/jobs.ts) makes sure exactly one
// process runs each job per period, however many processes or machines serve Fogline.
import type { AppContext } from './context';
import { type JobHandle, type JobSpec, scheduleJob } from './lib/jobs';
import { sendDueChangeNotices } from './notices/changes';
import { flushOutbox, OUTBOX_EVERY_MS } from './notices/outbox';
import { PRUNE_REMINDER_KEYS_EVERY_MS, pruneSentReminderKeys, REMINDERS_EVERY_MS, sendDueReminders } from './notices/reminders';
import { DECIDE_CLASS_SIZES_EVERY_MS, decideClassSizes } from './conditions/minimum-size';
import { REFRESH_CONDITIONS_EVERY_MS, refreshConditions } from './conditions/refresh';
import { checkWeatherCalls, WEATHER_CALLS_EVERY_MS } from './conditions/weather-call';
import { removeUnusedUploads } from './uploads/cleanup';
import { PASS_EXPIRY_EVERY_MS, runPassExpiry } from './passes/expiry';
import { announceNewOffers } from './notices/waitlist-emails';
import { passOnFreedSpots, sweepWaitlists } from './spots/release';
import { MEMBERSHIPS_JOB } from './passes/memberships/renewals';
import { NO_SHOW_CREDITS_EVERY_MS, returnNoShowCredits } from './spots/no-show-credits';
import { MEMBERSHIP_FEES_EVERY_MS } from './spots/membership-fees';
import { runMembershipFees } from './membership-fees/service';

/** Payment holds past their 15 minutes become cancelled (hold_expired) even if nobody touches their class
 * again, their spots offered to the waitlist in the same write (bookings also expire them lazily, so a spot is
 * never held longer than its hold either way). */
export const EXPIRE_HOLDS_EVERY_MS = 60_000;

/** Waitlist offers past their deadline pass on, and spots freed with nobody touching the class (a hold run
 * out, a raised capacity) are offered to the people waiting. */
export const WAITLIST_SWEEP_EVERY_MS = 30_000;

export function startBackgroundJobs(ctx: AppContext): { stop(): void; jobs: JobHandle[] } {
  // JOBS_EVERY_SECONDS (tests, demos) shortens every period to at most that: the same work, sooner.
  const cap = ctx.env.jobsEveryMs;
  const schedule = (spec: JobSpec) => scheduleJob(ctx, cap === null ? spec : { ...spec, everyMs: Math.min(spec.everyMs, cap) });
  const jobs = [
    schedule({
      name: 'expire-holds',
      everyMs: EXPIRE_HOLDS_EVERY_MS,
      run: (ctx) => passOnFreedSpots(ctx),
    }),
    schedule({
      name: 'waitlist-offers',
      everyMs: WAITLIST_SWEEP_EVERY_MS,
      // Announces every offer not yet emailed, whoever made it (a process that stopped before announcing).
      run: async (ctx) => {
        await sweepWaitlists(ctx);
        await announceNewOffers(ctx);
      },
    }),
    // Change notices whose window has ended (api/notices/changes.ts), checked at least twice per window.
    schedule({
      name: 'change-notices',
      everyMs: Math.min(30_000, Math.max(1_000, ctx.env.changeNoticeWindowMs / 2)),
      run: sendDueChangeNotices,
    }),
    // Booking emails queued in the outbox that their own process did not send (it died, or its send failed and
    // the backoff has passed): each row is claimed in the database, so it goes out once (api/notices/outbox.ts).
    schedule({ name: 'booking-outbox', everyMs: OUTBOX_EVERY_MS, leaseMs: ctx.env.outboxLeaseMs, run: flushOutbox }),
    // Reminders before booked classes; each one is also its own one-off key, so none is ever sent twice.
    schedule({ name: 'class-reminders', everyMs: REMINDERS_EVERY_MS, run: sendDueReminders }),
    // Pass credits past their expiry get their 'expiry' ledger row, ended packs end, and holders hear 7 days ahead.
    schedule({ name: 'pass-expiry', everyMs: PASS_EXPIRY_EVERY_MS, run: runPassExpiry }),
    // ...and those keys are dropped once their class has started (it can never be due again).
    schedule({ name: 'prune-reminder-keys', everyMs: PRUNE_REMINDER_KEYS_EVERY_MS, run: pruneSentReminderKeys }),
    // Uploads nothing refers to a day after they were stored (api/uploads/cleanup.ts).
    schedule({ name: 'remove-unused-uploads', everyMs: 60 * 60_000, run: removeUnusedUploads }),
  ];
  // Forecasts and AQI for the classes of the next 7 days, into the database cache pages read (api/conditions);
  // tried at once on start, so a fresh demo shows its forecasts within seconds rather than after the first period.
  const conditions = schedule({
    name: 'refresh-conditions',
    everyMs: REFRESH_CONDITIONS_EVERY_MS,
    run: refreshConditions,
    leaseMs: 10 * 60_000,
  });
  jobs.push(conditions);
  // The weather call 24 h and 3 h before a class whose forecast reaches its policy, and the minimum class size
  // at its decision time (api/conditions).
  jobs.push(schedule({ name: 'weather-calls', everyMs: WEATHER_CALLS_EVERY_MS, run: checkWeatherCalls }));
  jobs.push(schedule({ name: 'decide-class-sizes', everyMs: DECIDE_CLASS_SIZES_EVERY_MS, run: decideClassSizes }));
  void conditions.tick();
  // Memberships: the test provider's renewals as the clock passes them, and pauses starting (api/passes/memberships);
  // tried at once on start too, so renewals due while no process ran are charged without waiting a period.
  const memberships = schedule(MEMBERSHIPS_JOB);
  jobs.push(memberships);
  void memberships.tick();
  // A pack's credit for a spot marked no-show comes back 24 hours after the class when its policy says a no-show
  // does not forfeit it (api/spots/no-show-credits.ts); tried at once on start too, so credits that became due while
  // no process ran come back without waiting a period.
  const noShowCredits = schedule({ name: 'no-show-credits', everyMs: NO_SHOW_CREDITS_EVERY_MS, run: returnNoShowCredits });
  jobs.push(noShowCredits);
  void noShowCredits.tick();
  // Membership fees (issue 20): late-cancel fees a request did not charge (a process stopped), and no-show fees once
  // final, 24 hours after the class; tried at once on start too, like the credits above.
  const membershipFees = schedule({ name: 'membership-fees', everyMs: MEMBERSHIP_FEES_EVERY_MS, run: runMembershipFees });
  jobs.push(membershipFees);
  void membershipFees.tick();
  return { jobs, stop: () => jobs.forEach((job) => job.stop()) };
}
