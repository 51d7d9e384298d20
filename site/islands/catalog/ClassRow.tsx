// One row of the browse list: title, coach, category, location (and its distance when the visitor shared theirs),
// date and time, price, spots, coach rating. A class that has already started today stays listed (customer-areas
// §5 hides only those that started before today) but dimmed and marked Started, never with spots in green.
import { classDate, classTime, coachName, dollars, locationOf, NO_CATEGORY, ratingLabel, spotsLabel } from '../../lib/catalog';
import { ClassImage } from '../../components/catalog/ClassImage';
import { Icon } from '../../components/catalog/icons';
import type { BrowseItem } from './browse-item';

/** "0.8 mi" (one decimal under 10 miles, whole miles beyond). */
export function milesLabel(miles: number): string {
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
}

export function ClassRow({ item, eager, now }: { item: BrowseItem; eager?: boolean; now: number }) {
  const full = item.spotsLeft <= 0;
  const started = item.startTime !== null && Date.parse(item.startTime) <= now;
  return (
    <li>
      <a
        href={`/classes/${item.id}`}
        className={`group flex gap-3 rounded-xl p-3 transition-colors hover:bg-fog-50 sm:gap-4 dark:hover:bg-fog-800/60 ${started ? 'bg-fog-50 dark:bg-fog-900' : ''}`}
        data-started={started || undefined}
      >
        {/* Dimmed through the picture and the muted price, so every word keeps its AA contrast. */}
        <ClassImage
          src={item.image}
          width={112}
          height={112}
          eager={eager}
          className={`h-20 w-20 shrink-0 rounded-lg bg-fog-100 object-cover sm:h-28 sm:w-28 dark:bg-fog-800 ${started ? 'opacity-50 grayscale' : ''}`}
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h2 className="font-semibold leading-snug text-fog-900 group-hover:text-brand-700 dark:text-fog-100 dark:group-hover:text-brand-300">
              {item.title}
            </h2>
            <span className={`shrink-0 font-bold ${started ? 'text-fog-600 dark:text-fog-400' : 'text-brand-700 dark:text-brand-300'}`}>
              {dollars(item.price)}
            </span>
          </div>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-fog-600 dark:text-fog-400">
            <span>{coachName(item.coach)}</span>
            {item.coach?.rating != null && (
              <span
                className="inline-flex items-center gap-0.5 font-medium text-fog-800 dark:text-fog-200"
                aria-label={`Coach rated ${ratingLabel(item.coach.rating)} out of 5`}
              >
                <svg viewBox="0 0 24 24" className="h-3.5 w-3.5 fill-amber-400 text-amber-400" aria-hidden="true">
                  <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
                </svg>
                {ratingLabel(item.coach.rating)}
              </span>
            )}
            <span aria-hidden="true">·</span>
            <span>{item.category?.name ?? NO_CATEGORY}</span>
            {item.ageGroup === 'Kids' && (
              <span className="badge bg-accent-50 text-accent-700 dark:bg-accent-700/30 dark:text-accent-100">Kids</span>
            )}
          </p>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-fog-700 dark:text-fog-300">
            <Icon name="calendar" className="h-4 w-4 shrink-0 text-fog-500" />
            <span>
              {classDate(item.startTime)} · {classTime(item.startTime, item.endTime)}
            </span>
          </p>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-fog-700 dark:text-fog-300">
            <Icon name="pin" className="h-4 w-4 shrink-0 text-fog-500" />
            <span className="truncate">{locationOf(item)}</span>
            {item.distanceMiles != null && (
              <span className="shrink-0 font-semibold text-fog-800 dark:text-fog-200" data-testid="distance">
                · {milesLabel(item.distanceMiles)}
              </span>
            )}
          </p>
          {started ? (
            <p className="mt-1 text-sm font-semibold text-fog-700 dark:text-fog-300">
              <span className="badge bg-fog-200 text-fog-800 dark:bg-fog-800 dark:text-fog-200">Started</span>
            </p>
          ) : (
            <p className={`mt-1 text-sm font-semibold ${full ? 'text-red-700 dark:text-red-400' : 'text-brand-700 dark:text-brand-300'}`}>
              {spotsLabel(item.spotsLeft, item.capacity)}
            </p>
          )}
        </div>
      </a>
    </li>
  );
}
