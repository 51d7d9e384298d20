// A coach card: photo or initials, name, rating, up to 3 expertise names (default Fitness Expert).
import { tagReact } from '../../lib/astro-react';
import { Avatar } from './Avatar';
import { RatingStars } from './RatingStars';

export interface CoachCardData {
  id: number;
  firstName: string;
  lastName: string;
  profileImage: string | null;
  bio: string | null;
  expertise: string[];
  rating: { averageRating: number; totalReviews: number };
}

export function CoachCard({ coach, headingLevel = 3 }: { coach: CoachCardData; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  const expertise = coach.expertise.length ? coach.expertise.slice(0, 3) : ['Fitness Expert'];
  return (
    <article className="card relative flex flex-col items-center p-6 text-center transition-shadow hover:shadow-[var(--shadow-pop)]">
      <Avatar person={coach} size="lg" />
      <Heading className="mt-4 text-lg font-semibold">
        <a href={`/coaches/${coach.id}`} className="after:absolute after:inset-0">
          {coach.firstName} {coach.lastName}
        </a>
      </Heading>
      <div className="mt-1">
        {coach.rating.totalReviews > 0 ? (
          <RatingStars rating={coach.rating.averageRating} count={coach.rating.totalReviews} />
        ) : (
          <span className="text-sm text-fog-600 dark:text-fog-400">No reviews yet</span>
        )}
      </div>
      <ul className="mt-3 flex flex-wrap justify-center gap-1.5" aria-label="Expertise">
        {expertise.map((name) => (
          <li key={name} className="badge bg-brand-50 text-brand-800 dark:bg-brand-900/50 dark:text-brand-200">
            {name}
          </li>
        ))}
      </ul>
    </article>
  );
}

tagReact(CoachCard);
