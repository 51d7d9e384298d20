// The default class card (home, coach profile): image with fallback, title, price, date, location and
// capacity; a full class says Class Full.
import { tagReact } from '../../lib/astro-react';
import { classDate, classTime, coachName, dollars, locationOf, NO_CATEGORY, spotsLabel } from '../../lib/catalog';
import { ClassImage } from './ClassImage';
import { Icon } from './icons';

export interface ClassCardData {
  id: number;
  title: string;
  image: string | null;
  price: number;
  location: string | null;
  address: string | null;
  startTime: string | null;
  endTime: string | null;
  capacity: number;
  spotsLeft: number;
  ageGroup: string;
  coach: { firstName: string; lastName: string } | null;
  category: { name: string } | null;
}

/** The card's fields of a class answer (what an island needs as props, nothing more). */
export function toClassCard(c: ClassCardData): ClassCardData {
  return {
    id: c.id,
    title: c.title,
    image: c.image,
    price: c.price,
    location: c.location,
    address: c.address,
    startTime: c.startTime,
    endTime: c.endTime,
    capacity: c.capacity,
    spotsLeft: c.spotsLeft,
    ageGroup: c.ageGroup,
    coach: c.coach ? { firstName: c.coach.firstName, lastName: c.coach.lastName } : null,
    category: c.category ? { name: c.category.name } : null,
  };
}

export function ClassCard({ item, eager = false, headingLevel = 3 }: { item: ClassCardData; eager?: boolean; headingLevel?: 2 | 3 }) {
  const full = item.spotsLeft <= 0;
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  return (
    <article className="card group relative flex flex-col overflow-hidden transition-shadow hover:shadow-[var(--shadow-pop)]">
      <div className="relative aspect-[16/10] bg-fog-100 dark:bg-fog-800">
        <ClassImage src={item.image} width={640} height={400} eager={eager} className="h-full w-full object-cover" />
        <span className="badge absolute left-3 top-3 bg-white/95 text-fog-800 shadow-sm dark:bg-fog-900/95 dark:text-fog-100">
          {item.category?.name ?? NO_CATEGORY}
        </span>
        {item.ageGroup === 'Kids' && <span className="badge absolute right-3 top-3 bg-accent-600 text-white">Kids</span>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <Heading className="text-base font-semibold leading-snug">
            <a href={`/classes/${item.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
              {item.title}
            </a>
          </Heading>
          <span className="shrink-0 text-base font-bold text-brand-700 dark:text-brand-300">{dollars(item.price)}</span>
        </div>
        <p className="text-sm text-fog-600 dark:text-fog-400">with {coachName(item.coach)}</p>
        <ul className="mt-1 space-y-1 text-sm text-fog-700 dark:text-fog-300">
          <li className="flex items-center gap-2">
            <Icon name="calendar" className="h-4 w-4 shrink-0 text-fog-500" /> {classDate(item.startTime)} ·{' '}
            {classTime(item.startTime, item.endTime)}
          </li>
          <li className="flex items-center gap-2">
            <Icon name="pin" className="h-4 w-4 shrink-0 text-fog-500" /> <span className="truncate">{locationOf(item)}</span>
          </li>
        </ul>
        <p
          className={`mt-auto pt-2 text-sm font-semibold ${full ? 'text-red-700 dark:text-red-400' : 'text-brand-700 dark:text-brand-300'}`}
        >
          <Icon name="users" className="mr-1.5 inline h-4 w-4 align-[-3px]" />
          {full ? 'Class Full' : `${spotsLabel(item.spotsLeft, item.capacity)} · capacity ${item.capacity}`}
        </p>
      </div>
    </article>
  );
}

tagReact(ClassCard);
