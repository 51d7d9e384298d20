// Coach profile reviews: the first 5, then Show All Reviews (n) / Show Less.
import { tagReact } from '../../lib/astro-react';
import { useState } from 'react';
import { ReviewCard, type ReviewData } from '../../components/catalog/ReviewCard';

export const FIRST_REVIEWS = 5;

export default function CoachReviews({ reviews }: { reviews: ReviewData[] }) {
  const [all, setAll] = useState(false);
  if (reviews.length === 0) return <p className="text-fog-600 dark:text-fog-400">No reviews yet.</p>;
  const shown = all ? reviews : reviews.slice(0, FIRST_REVIEWS);
  return (
    <div>
      <ul id="coach-reviews" className="space-y-3">
        {shown.map((review) => (
          <li key={review.id}><ReviewCard review={review} /></li>
        ))}
      </ul>
      {reviews.length > FIRST_REVIEWS && (
        <button type="button" className="btn-secondary mt-4" aria-controls="coach-reviews" aria-expanded={all} onClick={() => setAll((v) => !v)}>
          {all ? 'Show Less' : `Show All Reviews (${reviews.length})`}
        </button>
      )}
    </div>
  );
}

tagReact(CoachReviews);
