// Home featured classes: the server's first 3, replaced by the first 3 of the initial search once it answers.
import { useStore } from '@nanostores/react';
import { tagReact } from '../../lib/astro-react';
import { ClassCard, type ClassCardData } from '../../components/catalog/ClassCard';
import { EmptyState } from '../../components/catalog/EmptyState';
import { $featuredClasses } from './home-search-results';

/** initial is null when the server could not load the classes. */
export default function FeaturedClasses({ initial }: { initial: ClassCardData[] | null }) {
  const items = useStore($featuredClasses) ?? initial;
  if (items === null) return <EmptyState tone="error" title="Error loading classes. Please try again later." />;
  if (items.length === 0) return <EmptyState title="No classes available yet. Check back soon!" />;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="featured-classes">
      {items.map((item) => (
        <li key={item.id} className="grid">
          <ClassCard item={item} />
        </li>
      ))}
    </ul>
  );
}

tagReact(FeaturedClasses);
