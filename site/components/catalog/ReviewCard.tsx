// One review: stars, the customer's name, the date and the comment.
import { formatDateShort } from '../../../common/pacific';
import { RatingStars } from './RatingStars';

export interface ReviewData {
  id: number;
  rating: number;
  comment: string | null;
  customerName: string;
  className?: string | null;
  updatedAt: string;
}

export function ReviewCard({ review }: { review: ReviewData }) {
  return (
    <article className="rounded-xl border border-fog-200 p-4 dark:border-fog-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={review.rating} />
        <span className="text-xs text-fog-600 dark:text-fog-400">{formatDateShort(review.updatedAt)}</span>
      </div>
      {review.comment && <p className="mt-2 text-fog-800 dark:text-fog-200">{review.comment}</p>}
      <p className="mt-2 text-sm font-medium text-fog-600 dark:text-fog-400">
        {review.customerName}
        {review.className ? ` · ${review.className}` : ''}
      </p>
    </article>
  );
}
