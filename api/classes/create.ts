// Creating a class: one row for a one-time class, or a series' parent plus one bookable session per
// occurrence of its recurrence, each at the same Pacific wall time.
import { classes } from '../../db/schema';
import { requireApprovedCoach } from '../auth/plugin';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { inSupportedYears } from '../../common/schema';
import { pacificDay, pacificHHMM, pacificWallTimeToInstant, pacificWeekday } from '../../common/pacific';
import { checkCategory, coachFor, invalid } from './access';
import { policyColumns } from './cancellation-policy';
import { fieldColumns, type NewClassRow, placeColumns } from './columns';
import { CLASS_MESSAGES, type NewClass, parseInstant, type Recurrence } from './model';
import { expandRecurrence, type Occurrence, pacificToday, type RecurrenceRule } from './recurrence';
import { checkMinimum, coachPolicyDefaults, rememberPolicy } from './outdoor';
import { type ClassWriteResult, toClassJson } from './shape';

/** The series rule of a recurrence, checked against today and the first day (Pacific dates). */
function recurrenceRule(input: Recurrence, firstDay: string, today: string): RecurrenceRule {
  if (input.endType === 'date') {
    if (!input.endDate) throw invalid('recurrence', CLASS_MESSAGES.endDateMissing);
    if (input.endDate < today) throw invalid('recurrence', CLASS_MESSAGES.endDatePast);
    if (input.endDate < firstDay) throw invalid('recurrence', CLASS_MESSAGES.endDateBeforeStart);
  }
  return {
    type: input.type,
    interval: input.interval,
    daysOfWeek: input.type === 'weekly' ? input.daysOfWeek : [],
    endType: input.endType,
    endDate: input.endType === 'date' ? input.endDate : null,
    endCount: input.endType === 'count' ? (input.endCount ?? 10) : null,
  };
}

/** The recurrence columns every row of a series carries. */
function recurrenceColumns(rule: RecurrenceRule, first: Occurrence): Partial<NewClassRow> {
  return {
    isRecurring: true,
    recurrenceType: rule.type,
    recurrenceInterval: rule.interval,
    recurrenceDaysOfWeek:
      rule.type === 'weekly'
        ? JSON.stringify(rule.daysOfWeek?.length ? [...new Set(rule.daysOfWeek)].sort() : [pacificWeekday(first.start)])
        : null,
    recurrenceEndType: rule.endType,
    recurrenceEndDate: rule.endDate ? pacificWallTimeToInstant(rule.endDate, '00:00') : null,
    recurrenceEndCount: rule.endCount ?? null,
  };
}

/** POST /api/classes: an approved coach (or an admin for a coach) creates a one-time class or a series. */
export async function createClass(ctx: AppContext, user: SessionUser | null, input: NewClass): Promise<ClassWriteResult> {
  const creator = requireApprovedCoach(user);
  const coachId = await coachFor(ctx, creator, input.coachId);
  await checkCategory(ctx, input.categoryId);
  const now = ctx.clock.now();
  const today = pacificToday(now);
  const start = parseInstant(input.startTime)!;
  const firstDay = pacificDay(start);
  if (firstDay < today) throw invalid('startTime', CLASS_MESSAGES.startDatePast);

  const rule = input.recurrence ? recurrenceRule(input.recurrence, firstDay, today) : null;
  const occurrences = rule
    ? expandRecurrence(firstDay, pacificHHMM(start), input.duration, rule)
    : [{ start, end: new Date(start.getTime() + input.duration * 60_000) }];
  if (occurrences.length === 0) throw invalid('recurrence', 'The series has no sessions before its end date');
  if (!inSupportedYears(occurrences.at(-1)!.start.toISOString())) throw invalid('recurrence', CLASS_MESSAGES.seriesPastLastYear);
  // Today is a valid start date, but not at an hour that has already gone by.
  if (occurrences[0]!.start.getTime() <= now.getTime()) throw invalid('startTime', CLASS_MESSAGES.startTimePast);

  checkMinimum(input.minAttendees, input.capacity);
  const place = await placeColumns(ctx, input);
  // Without a policy of its own, a class takes its coach's last saved policy (or, with none, the built-in one).
  const policy = input.weatherPolicy === undefined ? { weatherPolicy: await coachPolicyDefaults(ctx, coachId) } : {};
  // Stamped by the app's clock (as bookings are), so "newest first" holds whatever day the clock is on.
  const shared = {
    ...fieldColumns(input),
    ...policy,
    ...(await policyColumns(ctx, coachId, input.cancellationPolicy, true)),
    ...place.columns,
    coachId,
    title: input.title.trim(),
    createdAt: now,
    updatedAt: now,
  };
  const first = occurrences[0]!;
  const row = await ctx.db.write(async (tx) => {
    if (!rule) {
      const [only] = await tx
        .insert(classes)
        .values({ ...shared, startTime: first.start, endTime: first.end })
        .returning();
      return only!;
    }
    const recurrence = recurrenceColumns(rule, first);
    const [parent] = await tx
      .insert(classes)
      .values({ ...shared, ...recurrence, startTime: first.start, endTime: first.end })
      .returning();
    const sessions = occurrences.map((o) => ({ ...shared, ...recurrence, parentClassId: parent!.id, startTime: o.start, endTime: o.end }));
    // SQLite caps bound parameters per statement: insert in chunks.
    for (let i = 0; i < sessions.length; i += 50) await tx.insert(classes).values(sessions.slice(i, i + 50));
    return parent!;
  });
  await rememberPolicy(ctx, coachId, input.weatherPolicy);
  return { ...toClassJson(row), sessionCount: occurrences.length, locationNotice: place.notice };
}
