// /review?classId=&bookingId= (customer-areas §2, §4, §5, §8): rating (1 Poor ... 5 Excellent) and comment;
// creates the review, or updates the existing one; Review Not Found when the class, coach or booking is missing.
import { useQuery as useRemoteQuery } from '@tanstack/react-query';
import type { Booking } from '../../../../api/bookings/model';
import type { Review } from '../../../../api/catalog/model';
import { MAX_COMMENT, NOT_YET_TAKEN_PLACE, ONLY_CONFIRMED, RATING_LABELS, ReviewBody } from '../../../../api/reviews/model';
import { EmptyState } from '../../../components/catalog/EmptyState';
import { api, unwrap } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { classDate, classTime, coachName } from '../../../lib/catalog';
import { useForm } from '../../../lib/form';
import { toast } from '../../../lib/stores/toast';
import Spinner from '../../components/Spinner';
import { navigate, useQuery, type ScreenProps } from '../../router';

type Loaded =
  | { kind: 'not-found' }
  /** The booking exists but cannot be reviewed (yet): said before the form, as the API would refuse it. */
  | { kind: 'not-reviewable'; title: string; reason: string }
  | { kind: 'ready'; booking: Booking; coach: { firstName: string; lastName: string }; existing: Review | null };

/** The booking (one of the customer's bookings of this class), its coach and the review already written. */
async function loadReview(classId: number, bookingId: number): Promise<Loaded> {
  const bookings = await unwrap(api.bookings.get({ query: { classId: String(classId), limit: '100' } }));
  const booking = bookings.find((b) => b.id === bookingId && b.classId === classId);
  if (!booking) return { kind: 'not-found' };
  const notYet = !booking.class.startTime || Date.parse(booking.class.startTime) > Date.now();
  if (booking.status !== 'confirmed' || notYet)
    return {
      kind: 'not-reviewable',
      title: booking.class.title,
      reason: booking.status !== 'confirmed' ? ONLY_CONFIRMED : NOT_YET_TAKEN_PLACE,
    };
  const coach = await unwrap(api.coaches({ id: booking.class.coachId }).get());
  const existing = await unwrap(api.reviews.class({ classId })({ bookingId }).get()).catch((e) => {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  });
  return { kind: 'ready', booking, coach, existing };
}

export default function ReviewScreen(_props: ScreenProps) {
  const query = useQuery();
  const classId = Number(query.get('classId'));
  const bookingId = Number(query.get('bookingId'));
  const loaded = useRemoteQuery({
    queryKey: ['review', classId, bookingId],
    queryFn: () => loadReview(classId, bookingId),
    refetchOnWindowFocus: false,
  });
  const state: Loaded | undefined = loaded.isError ? { kind: 'not-found' } : loaded.data;

  if (!state) return <Spinner />;
  if (state.kind !== 'ready') {
    return (
      <div className="container-page max-w-xl py-12">
        <h1 className="sr-only">Review</h1>
        {state.kind === 'not-found' ? (
          <EmptyState
            title="Review Not Found"
            hint="We couldn't find this class, its coach or your booking."
            action={{ href: '/bookings', label: 'Back to My Bookings' }}
          />
        ) : (
          <EmptyState title={state.title} hint={state.reason} action={{ href: '/bookings', label: 'Back to My Bookings' }} />
        )}
      </div>
    );
  }
  return <ReviewForm classId={classId} bookingId={bookingId} booking={state.booking} coach={state.coach} existing={state.existing} />;
}

function ReviewForm({
  classId,
  bookingId,
  booking,
  coach,
  existing,
}: Omit<Extract<Loaded, { kind: 'ready' }>, 'kind'> & { classId: number; bookingId: number }) {
  const form = useForm(ReviewBody, { classId, bookingId, rating: existing?.rating ?? 0, comment: existing?.comment ?? '' });
  const { rating, comment } = form.values;
  const error = form.errors.rating ?? form.errors.comment;
  const submit = form.submit(
    async (body) => {
      if (existing) await unwrap(api.reviews({ id: existing.id }).put(body));
      else await unwrap(api.reviews.post(body));
      toast({
        title: existing ? 'Review updated' : 'Review submitted',
        description: 'Thank you for sharing your experience!',
        variant: 'success',
      });
      navigate('/bookings');
    },
    {
      fallback: 'Your review could not be saved. Please try again.',
      onError: (description) => toast({ title: 'Submission Failed', description, variant: 'destructive' }),
    },
  );
  const saving = form.pending;

  const shown = rating ? RATING_LABELS[rating as keyof typeof RATING_LABELS] : 'Choose a rating';
  return (
    <div className="container-page max-w-2xl py-8 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{existing ? 'Your Review' : 'Write a Review'}</h1>
      <div className="card mt-6 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">{booking.class.title}</h2>
        <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
          with {coachName(coach)} · {classDate(booking.class.startTime)} · {classTime(booking.class.startTime, booking.class.endTime)}
        </p>
        <form onSubmit={submit} noValidate className="mt-6 space-y-6">
          <fieldset aria-describedby={error ? 'rating-error' : undefined}>
            <legend className="label">Your rating</legend>
            <div className="flex flex-wrap items-center gap-1">
              {([1, 2, 3, 4, 5] as const).map((value) => (
                <label
                  key={value}
                  className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={value}
                    checked={rating === value}
                    onChange={() => form.set('rating', value)}
                    className="sr-only"
                    aria-label={`${value} ${RATING_LABELS[value]}`}
                  />
                  <svg
                    viewBox="0 0 24 24"
                    className={`h-9 w-9 ${value <= rating ? 'fill-amber-400 text-amber-500' : 'fill-none text-fog-400'}`}
                    stroke="currentColor"
                    strokeWidth={1.5}
                    aria-hidden="true"
                  >
                    <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" strokeLinejoin="round" />
                  </svg>
                </label>
              ))}
              <span className="ml-2 text-sm font-medium text-fog-700 dark:text-fog-300" aria-live="polite">
                {shown}
              </span>
            </div>
            {error && (
              <p id="rating-error" className="field-error">
                {error}
              </p>
            )}
          </fieldset>
          <div>
            <label htmlFor="review-comment" className="label">
              Comment (optional)
            </label>
            <textarea
              id="review-comment"
              className="input min-h-32"
              value={comment}
              maxLength={MAX_COMMENT}
              onChange={(e) => form.set('comment', e.target.value)}
              placeholder="What did you enjoy? What could be better?"
              aria-describedby="comment-count"
            />
            <p id="comment-count" className="mt-1 text-right text-xs text-fog-600 dark:text-fog-400">
              {comment.length}/{MAX_COMMENT}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <a href="/bookings" className="btn-secondary">
              Cancel
            </a>
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? 'Saving...' : existing ? 'Update Review' : 'Submit Review'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
