// Coach profile reviews: the first 5 (rendered by the server), then Show All Reviews (n), which loads the rest
// a page at a time from the API, and Show Less.
import { tagReact } from '../../lib/astro-react';
import { useState } from 'react';
import { ReviewCard, type ReviewData } from '../../components/catalog/ReviewCard';
import { api, unwrap } from '../../lib/api';
import { MoreButton, useMore } from './use-more';

const FIRST_REVIEWS = 5;
// Show All asks for up to 100 more at once (the API's largest page); a coach with even more offers Show more reviews.
const REVIEWS_PAGE = 100;

export default function CoachReviews({ coachId, reviews, total }: { coachId: number; reviews: ReviewData[]; total: number }) {
  const [all, setAll] = useState(false);
  const { items, status, hasMore, more } = useMore({ items: reviews, total }, async (offset) => {
    const page = await unwrap(api.reviews.coach({ coachId }).get({ query: { limit: String(REVIEWS_PAGE), offset: String(offset) } }));
    return { items: page.reviews, total };
  });
  if (total === 0) return <p className="text-fog-600 dark:text-fog-400">No reviews yet.</p>;
  const shown = all ? items : items.slice(0, FIRST_REVIEWS);
  const showAll = () => {
    setAll(true);
    if (items.length <= FIRST_REVIEWS && hasMore) void more();
  };
  return (
    <div>
      <ul id="coach-reviews" className="space-y-3" aria-busy={status === 'loading'}>
        {shown.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      {all && hasMore && <MoreButton label="Show more reviews" status={status} onClick={() => void more()} controls="coach-reviews" />}
      {total > FIRST_REVIEWS && (
        <button
          type="button"
          className="btn-secondary mt-4"
          aria-controls="coach-reviews"
          aria-expanded={all}
          onClick={() => (all ? setAll(false) : showAll())}
        >
          {all ? 'Show Less' : `Show All Reviews (${total})`}
        </button>
      )}
    </div>
  );
}

tagReact(CoachReviews);
