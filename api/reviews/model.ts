// Review request schemas (valibot only): the review page's form imports these for the same messages.
import * as v from 'valibot';
import { fields, pathId, withExample } from '../../common/schema';

export const RATING_LABELS = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very Good', 5: 'Excellent' } as const;
export const MAX_COMMENT = 1000;
/** Why a booking cannot be reviewed (yet): the API's 409 messages, which the review page shows before the form. */
export const ONLY_CONFIRMED = 'Only confirmed bookings can be reviewed.';
export const NOT_YET_TAKEN_PLACE = 'You can review this class once it has taken place.';

export const ReviewBody = withExample(
  fields({
    classId: v.pipe(v.number('Review Not Found'), v.integer('Review Not Found'), v.minValue(1, 'Review Not Found')),
    bookingId: v.pipe(v.number('Review Not Found'), v.integer('Review Not Found'), v.minValue(1, 'Review Not Found')),
    rating: v.pipe(
      v.number('Please select a rating'),
      v.integer('Please select a rating'),
      v.minValue(1, 'Please select a rating'),
      v.maxValue(5, 'Please select a rating'),
    ),
    comment: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(MAX_COMMENT, `Comment must not exceed ${MAX_COMMENT} characters`))),
      null,
    ),
  }),
  { classId: 12, bookingId: 42, rating: 5, comment: 'Clear cues and a beautiful spot by the water.' },
);
export type ReviewBody = v.InferOutput<typeof ReviewBody>;

export const ReviewIdParams = v.object({ id: pathId(7) });
export const CustomerParams = v.object({ userId: pathId(15) });
export const ClassBookingParams = v.object({ classId: pathId(12), bookingId: pathId(42) });
