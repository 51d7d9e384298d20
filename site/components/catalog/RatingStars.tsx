// A 1-5 rating as five stars plus the number with 1 decimal (and the review count when given).
import { tagReact } from '../../lib/astro-react';
import { ratingLabel } from '../../lib/catalog';

const STAR = 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z';

export function RatingStars({ rating, count, size = 'sm' }: { rating: number; count?: number; size?: 'sm' | 'md' }) {
  const box = size === 'md' ? 'h-5 w-5' : 'h-4 w-4';
  const label = `Rated ${ratingLabel(rating)} out of 5${count !== undefined ? `, ${count} ${count === 1 ? 'review' : 'reviews'}` : ''}`;
  return (
    <span className="inline-flex items-center gap-1.5" role="img" aria-label={label}>
      <span className="flex" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <svg
            key={n}
            viewBox="0 0 24 24"
            className={`${box} ${rating >= n - 0.25 ? 'fill-amber-400 text-amber-400' : rating >= n - 0.75 ? 'fill-amber-200 text-amber-400' : 'fill-none text-fog-300 dark:text-fog-600'}`}
            stroke="currentColor"
            strokeWidth={1.5}
          >
            <path d={STAR} />
          </svg>
        ))}
      </span>
      <span aria-hidden="true" className={`${size === 'md' ? 'text-base' : 'text-sm'} font-semibold text-fog-800 dark:text-fog-100`}>
        {ratingLabel(rating)}
        {count !== undefined && <span className="ml-1 font-normal text-fog-600 dark:text-fog-400">({count})</span>}
      </span>
    </span>
  );
}

tagReact(RatingStars);
