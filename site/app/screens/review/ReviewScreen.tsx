// /review?classId=&bookingId= (customer-areas §2, §4, §5, §8): rating (1 Poor ... 5 Excellent) and comment;
// creates the review, or updates the existing one; Review Not Found when the class, coach or booking is missing.
import { useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { Booking } from '../../../../api/bookings/model';
import type { Review } from '../../../../api/catalog/model';
import { MAX_COMMENT, NOT_YET_TAKEN_PLACE, ONLY_CONFIRMED, RATING_LABELS, ReviewBody } from '../../../../api/reviews/model';
import { EmptyState } from '../../../components/catalog/EmptyState';
import { ApiError, apiGet, apiPost, apiPut, errorMessage } from '../../../lib/api-client';
import { classDate, classTime, coachName } from '../../../lib/catalog';
import { toast } from '../../../lib/stores/toast';
import Spinner from '../../components/Spinner';
import { navigate, useQuery } from '../../router';
import type { ScreenProps } from '../../router';

type State =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  /** The booking exists but cannot be reviewed (yet): said before the form, as the API would refuse it. */
  | { kind: 'not-reviewable'; title: string; reason: string }
  | { kind: 'ready'; booking: Booking; coach: { firstName: string; lastName: string }; existing: Review | null };

export default function ReviewScreen(_props: ScreenProps) {
  const query = useQuery();
  const classId = Number(query.get('classId'));
  const bookingId = Number(query.get('bookingId'));
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const bookings = await apiGet<Booking[]>('/api/bookings');
        const booking = bookings.find((b) => b.id === bookingId && b.classId === classId);
        if (!booking) throw new Error('booking missing');
        const notYet = !booking.class.startTime || Date.parse(booking.class.startTime) > Date.now();
        if (booking.status !== 'confirmed' || notYet) {
          if (live) setState({ kind: 'not-reviewable', title: booking.class.title, reason: booking.status !== 'confirmed' ? ONLY_CONFIRMED : NOT_YET_TAKEN_PLACE });
          return;
        }
        const coach = await apiGet<{ firstName: string; lastName: string }>(`/api/coaches/${booking.class.coachId}`);
        const existing = await apiGet<Review>(`/api/reviews/class/${classId}/${bookingId}`).catch((e) => {
          if (e instanceof ApiError && e.status === 404) return null;
          throw e;
        });
        if (!live) return;
        setState({ kind: 'ready', booking, coach, existing });
        if (existing) {
          setRating(existing.rating);
          setComment(existing.comment ?? '');
        }
      } catch {
        if (live) setState({ kind: 'not-found' });
      }
    })();
    return () => {
      live = false;
    };
  }, [classId, bookingId]);

  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'not-found' || state.kind === 'not-reviewable') {
    return (
      <div className="container-page max-w-xl py-12">
        <h1 className="sr-only">Review</h1>
        {state.kind === 'not-found' ? (
          <EmptyState title="Review Not Found" hint="We couldn't find this class, its coach or your booking." action={{ href: '/bookings', label: 'Back to My Bookings' }} />
        ) : (
          <EmptyState title={state.title} hint={state.reason} action={{ href: '/bookings', label: 'Back to My Bookings' }} />
        )}
      </div>
    );
  }

  const { booking, coach, existing } = state;
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(ReviewBody, { classId, bookingId, rating: rating || undefined, comment });
    if (!parsed.success) {
      setError(v.flatten<typeof ReviewBody>(parsed.issues).nested?.rating?.[0] ?? v.flatten<typeof ReviewBody>(parsed.issues).nested?.comment?.[0] ?? 'Please select a rating');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      if (existing) await apiPut<Review>(`/api/reviews/${existing.id}`, parsed.output);
      else await apiPost<Review>('/api/reviews', parsed.output);
      toast({ title: existing ? 'Review updated' : 'Review submitted', description: 'Thank you for sharing your experience!', variant: 'success' });
      navigate('/bookings');
    } catch (failure) {
      toast({ title: 'Submission Failed', description: errorMessage(failure, 'Your review could not be saved. Please try again.'), variant: 'destructive' });
      setSaving(false);
    }
  }

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
                <label key={value} className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500">
                  <input
                    type="radio"
                    name="rating"
                    value={value}
                    checked={rating === value}
                    onChange={() => {
                      setRating(value);
                      setError(null);
                    }}
                    className="sr-only"
                    aria-label={`${value} ${RATING_LABELS[value]}`}
                  />
                  <svg viewBox="0 0 24 24" className={`h-9 w-9 ${value <= rating ? 'fill-amber-400 text-amber-500' : 'fill-none text-fog-400'}`} stroke="currentColor" strokeWidth={1.5} aria-hidden="true">
                    <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" strokeLinejoin="round" />
                  </svg>
                </label>
              ))}
              <span className="ml-2 text-sm font-medium text-fog-700 dark:text-fog-300" aria-live="polite">{shown}</span>
            </div>
            {error && <p id="rating-error" className="field-error">{error}</p>}
          </fieldset>
          <div>
            <label htmlFor="review-comment" className="label">Comment (optional)</label>
            <textarea
              id="review-comment"
              className="input min-h-32"
              value={comment}
              maxLength={MAX_COMMENT}
              onChange={(e) => setComment(e.target.value)}
              placeholder="What did you enjoy? What could be better?"
              aria-describedby="comment-count"
            />
            <p id="comment-count" className="mt-1 text-right text-xs text-fog-600 dark:text-fog-400">{comment.length}/{MAX_COMMENT}</p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <a href="/bookings" className="btn-secondary">Cancel</a>
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? 'Saving...' : existing ? 'Update Review' : 'Submit Review'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
