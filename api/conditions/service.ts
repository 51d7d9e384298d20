// Reading a class's conditions for the API and pages: the cached forecast (view.ts) and the class's latest
// weather call, as "Weather watch" until the coach decides. Plain arguments; the database cache only.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { classes, users, weatherCalls } from '../../db/schema';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import type { ClassConditionsAnswer, WeatherPolicy, WeatherWatch } from './model';
import { type ConditionsRead, readClassConditions } from './view';

export type WeatherCallRow = typeof weatherCalls.$inferSelect;

export function watchOf(call: WeatherCallRow | undefined, offerStart: Date | null = null): WeatherWatch {
  if (!call) return null;
  return {
    status: call.status,
    checkpoint: call.checkpoint,
    reasons: call.reasons,
    decidedAt: call.decidedAt?.toISOString() ?? null,
    message: call.message,
    offerClassId: call.offerClassId,
    offerStartTime: offerStart?.toISOString() ?? null,
  };
}

const sourcesOf = (ctx: AppContext) => ({ weather: ctx.weather.kind, airQuality: ctx.airQuality.kind });

/** The latest weather call of each class (a 3 h call after a 24 h one). */
async function latestCalls(ctx: AppContext, ids: number[]): Promise<Map<number, WeatherCallRow>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db.select().from(weatherCalls).where(inArray(weatherCalls.classId, ids)).orderBy(desc(weatherCalls.id));
  const latest = new Map<number, WeatherCallRow>();
  for (const row of rows) if (!latest.has(row.classId)) latest.set(row.classId, row);
  return latest;
}

/** The conditions of some classes (deleted ones left out), with the cache tags read. */
export async function conditionsOfClasses(ctx: AppContext, ids: number[]): Promise<{ answers: ClassConditionsAnswer[]; tags: string[] }> {
  const unique = [...new Set(ids)].slice(0, 100);
  if (!unique.length) return { answers: [], tags: [] };
  const rows = await ctx.db
    .select()
    .from(classes)
    .where(and(inArray(classes.id, unique), isNull(classes.deletedAt)));
  const calls = await latestCalls(ctx, unique);
  const offeredIds = [...calls.values()].flatMap((c) => (c.status === 'offered' && c.offerClassId !== null ? [c.offerClassId] : []));
  const offered = new Map(
    offeredIds.length
      ? (await ctx.db.select({ id: classes.id, startTime: classes.startTime }).from(classes).where(inArray(classes.id, offeredIds))).map(
          (c) => [c.id, c.startTime],
        )
      : [],
  );
  const now = ctx.clock.now();
  const tags = new Set<string>();
  const answers: ClassConditionsAnswer[] = [];
  for (const row of rows) {
    const read: ConditionsRead = await readClassConditions(ctx.db, row, now, sourcesOf(ctx));
    read.tags.forEach((tag) => tags.add(tag));
    answers.push({
      classId: row.id,
      conditions: read.conditions,
      watch: watchOf(calls.get(row.id), offered.get(calls.get(row.id)?.offerClassId ?? -1) ?? null),
    });
  }
  answers.sort((a, b) => unique.indexOf(a.classId) - unique.indexOf(b.classId));
  return { answers, tags: [...tags] };
}

/** GET /api/classes/{id}/conditions. */
export async function classConditions(ctx: AppContext, id: number): Promise<ClassConditionsAnswer & { tags: string[] }> {
  const { answers, tags } = await conditionsOfClasses(ctx, [id]);
  const answer = answers[0];
  if (!answer) throw notFound('Class not found.');
  return { ...answer, tags };
}

export async function classRowOf(ctx: AppContext, id: number) {
  return ctx.db
    .select()
    .from(classes)
    .where(and(eq(classes.id, id), isNull(classes.deletedAt)))
    .get();
}

/** A coach's saved weather policy defaults, or null (the class form then starts from the built-in policy). */
export async function coachPolicy(ctx: AppContext, coachId: number): Promise<WeatherPolicy | null> {
  const row = await ctx.db.select({ defaults: users.weatherPolicyDefaults }).from(users).where(eq(users.id, coachId)).get();
  return (row?.defaults as WeatherPolicy | null | undefined) ?? null;
}
