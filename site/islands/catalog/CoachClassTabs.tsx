// Coach profile classes: Upcoming Classes and Past Classes tabs (split by start time against now), View All.
import { tagReact } from '../../lib/astro-react';
import { ClassCard, type ClassCardData } from '../../components/catalog/ClassCard';
import { EmptyState } from '../../components/catalog/EmptyState';
import { Tabs } from './Tabs';

function Grid({ items, empty }: { items: ClassCardData[]; empty: string }) {
  if (items.length === 0) return <EmptyState title={empty} action={{ href: '/classes', label: 'Browse Classes' }} />;
  return (
    <ul className="grid gap-5 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.id} className="grid"><ClassCard item={item} /></li>
      ))}
    </ul>
  );
}

export default function CoachClassTabs({ upcoming, past }: { upcoming: ClassCardData[]; past: ClassCardData[] }) {
  return (
    <div>
      <Tabs
        label="Coach classes"
        tabs={[
          { id: 'upcoming', label: `Upcoming Classes (${upcoming.length})`, content: () => <Grid items={upcoming} empty="No upcoming classes" /> },
          { id: 'past', label: `Past Classes (${past.length})`, content: () => <Grid items={past} empty="No past classes" /> },
        ]}
      />
      <div className="mt-5 text-center">
        <a href="/classes" className="btn-ghost">View All</a>
      </div>
    </div>
  );
}

tagReact(CoachClassTabs);
