// Demo data of the outdoor conditions (issue 21), set on the classes already planned, relative to the clock:
// tomorrow's first classes with a weather policy their sample forecast reaches (so the weather call shows up on
// the demo coach's My Classes within the day), one of the demo coach's classes below its minimum size (it will
// be cancelled at its decision time), and one with a meeting point, its "how to find us" and a photo.
import { and, eq, gt, inArray, isNotNull, lte, sum } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { bookings, classes } from '../../../db/schema';
import { defaultWeatherPolicy, type WeatherPolicy } from '../../conditions/model';
import { pacificDay } from '../../../common/pacific';
import { sampleHour } from '../../providers/weather/sample';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DEMO_MEETING_PHOTO = '/images/meeting/cypress-flag.svg';

export async function seedOutdoorDemo(tx: Tx, now: Date, ids: { coach: number; customer: number }): Promise<void> {
  const upcoming = (
    await tx
      .select()
      .from(classes)
      .where(and(gt(classes.startTime, now), lte(classes.startTime, new Date(now.getTime() + 7 * DAY)), isNotNull(classes.latitude)))
      .orderBy(classes.startTime)
  ).filter((c) => !(c.isRecurring && c.parentClassId === null) && c.latitude !== 0);

  // 1. Tomorrow: policies the sample forecast of the class's hour reaches (rain, else wind).
  const tomorrow = pacificDay(new Date(now.getTime() + DAY));
  let watched = 0;
  for (const cls of upcoming.filter((c) => pacificDay(c.startTime!) === tomorrow)) {
    if (watched >= 2) break;
    const hour = sampleHour(
      `sample/${cls.latitude!.toFixed(2)},${cls.longitude!.toFixed(2)}`,
      Math.floor(cls.startTime!.getTime() / HOUR) * HOUR,
    );
    const policy: WeatherPolicy = { ...defaultWeatherPolicy(cls.ageGroup) };
    if (hour.rainChance >= 10) Object.assign(policy, { rainChance: hour.rainChance, rainPlan: 'cancel' });
    else if (hour.windMph >= 10) policy.windMph = Math.min(80, hour.windMph);
    else continue;
    await tx.update(classes).set({ weatherPolicy: policy }).where(eq(classes.id, cls.id));
    watched++;
  }

  // 2. Below its minimum: a class 2 to 7 days out (the demo coach's first) that the demo customer has not booked.
  const candidates = upcoming
    .filter((c) => c.startTime!.getTime() > now.getTime() + 2 * DAY)
    .sort((a, b) => Number(b.coachId === ids.coach) - Number(a.coachId === ids.coach));
  const booked = candidates.length
    ? await tx
        .select({ classId: bookings.classId, spots: sum(bookings.quantity), userId: bookings.userId })
        .from(bookings)
        .where(
          and(
            inArray(
              bookings.classId,
              candidates.map((c) => c.id),
            ),
            eq(bookings.status, 'confirmed'),
          ),
        )
        .groupBy(bookings.classId, bookings.userId)
    : [];
  const spotsOf = (id: number) => booked.filter((b) => b.classId === id).reduce((n, b) => n + Number(b.spots ?? 0), 0);
  const small = candidates.find(
    (c) => !booked.some((b) => b.classId === c.id && b.userId === ids.customer) && spotsOf(c.id) + 2 <= c.capacity,
  );
  if (small)
    await tx
      .update(classes)
      .set({ minAttendees: Math.max(2, spotsOf(small.id) + 2), decisionHours: 12 })
      .where(eq(classes.id, small.id));

  // 3. A meeting point with a photo: the demo coach's next class, a few steps from its address's pin.
  const next = upcoming.find((c) => c.coachId === ids.coach && c.id !== small?.id);
  if (next) {
    await tx
      .update(classes)
      .set({
        meetingLatitude: Number((next.latitude! + 0.0006).toFixed(5)),
        meetingLongitude: Number((next.longitude! - 0.0009).toFixed(5)),
        meetingNotes: 'By the big cypress on the lawn: look for the orange flag.',
        meetingPhoto: DEMO_MEETING_PHOTO,
      })
      .where(eq(classes.id, next.id));
  }
}
