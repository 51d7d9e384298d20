// The columns a class write stores from the fields it was sent: trimmed texts, dollars as cents, the address
// parts with their combination and the coordinates. Shared by create and change (absent fields stay out).
import type { classes } from '../../db/schema';
import type { AppContext } from '../context';
import { dollarsToCents } from '../../common/money';
import type { ClassChanges } from './model';
import { type AddressColumns, addressColumns, coordinatesFor } from './places';
import type { ClassRow } from './shape';

export type NewClassRow = typeof classes.$inferInsert;

const clean = (value: string | null | undefined) => {
  if (value === undefined) return undefined;
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The plain columns of the fields sent; undefined ones are left as they are. */
export function fieldColumns(input: ClassChanges): Partial<NewClassRow> {
  return {
    title: input.title?.trim(),
    description: input.description?.trim(),
    categoryId: input.categoryId,
    location: input.location?.trim(),
    priceCents: input.price === undefined ? undefined : dollarsToCents(input.price),
    duration: input.duration,
    capacity: input.capacity,
    ageGroup: input.ageGroup,
    whatToBring: clean(input.whatToBring),
    image: clean(input.image),
    ...outdoorColumns(input),
  };
}

/** The weather policy, minimum size and meeting point sent (api/conditions/model.ts); null clears them. */
function outdoorColumns(input: ClassChanges): Partial<NewClassRow> {
  const point = input.meetingPoint;
  return {
    weatherPolicy:
      input.weatherPolicy === undefined
        ? undefined
        : input.weatherPolicy && { ...input.weatherPolicy, backupLocation: clean(input.weatherPolicy.backupLocation) ?? null },
    minAttendees: input.minAttendees,
    // A minimum without a decision time is decided 12 hours before the start.
    decisionHours: input.decisionHours ?? (input.minAttendees ? DEFAULT_DECISION_HOURS : input.minAttendees === null ? null : undefined),
    ...(point === undefined
      ? {}
      : point === null
        ? { meetingLatitude: null, meetingLongitude: null, meetingNotes: null, meetingPhoto: null }
        : {
            meetingLatitude: point.latitude,
            meetingLongitude: point.longitude,
            meetingNotes: clean(point.notes) ?? null,
            meetingPhoto: clean(point.photo) ?? null,
          }),
  };
}

/** The minimum class size is decided this long before the start unless the coach says otherwise. */
export const DEFAULT_DECISION_HOURS = 12;

/** The address and coordinates of a write: for a new class always; for a change only when the address or
 * the coordinates sent differ from the stored ones. */
export async function placeColumns(
  ctx: AppContext,
  input: ClassChanges,
  stored?: ClassRow,
): Promise<{ columns: Partial<AddressColumns & { latitude: number; longitude: number }>; notice: string | null }> {
  const address = addressColumns(input, stored);
  const sentPoint = typeof input.latitude === 'number' && typeof input.longitude === 'number';
  const moved =
    !stored ||
    (address !== undefined && address.address !== stored.address) ||
    (sentPoint && (input.latitude !== stored.latitude || input.longitude !== stored.longitude));
  if (!moved) return { columns: {}, notice: null };
  const found = await coordinatesFor(ctx, (address ?? stored)!.address ?? '', input);
  return { columns: { ...address, latitude: found.latitude, longitude: found.longitude }, notice: found.notice };
}
