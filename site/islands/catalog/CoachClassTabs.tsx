// Coach profile classes: Upcoming Classes and Past Classes tabs (split by start time against now), each with
// its first page from the server and Show more classes for the rest, and View All.
import { tagReact } from '../../lib/astro-react';
import { ClassCard, type ClassCardData, toClassCard } from '../../components/catalog/ClassCard';
import { EmptyState } from '../../components/catalog/EmptyState';
import { Tabs } from './Tabs';
import { api, type Page, unwrapPage } from '../../lib/api';
import { MoreButton, useMore } from './use-more';

const CLASSES_PAGE = 12;

type ClassPage = Page<ClassCardData>;

function Grid({ coachId, when, page, empty }: { coachId: number; when: 'upcoming' | 'past'; page: ClassPage; empty: string }) {
  const { items, status, hasMore, more } = useMore(page, async (offset) => {
    const next = await unwrapPage(
      api.coaches({ id: coachId }).classes.get({ query: { when, limit: String(CLASSES_PAGE), offset: String(offset) } }),
    );
    return { total: next.total, items: next.items.map(toClassCard) };
  });
  if (items.length === 0) return <EmptyState title={empty} action={{ href: '/classes', label: 'Browse Classes' }} />;
  return (
    <div>
      <ul id={`coach-classes-${when}`} className="grid gap-5 sm:grid-cols-2" aria-busy={status === 'loading'}>
        {items.map((item) => (
          <li key={item.id} className="grid">
            <ClassCard item={item} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <MoreButton
          label={`Show more classes (${items.length} of ${page.total})`}
          status={status}
          onClick={() => void more()}
          controls={`coach-classes-${when}`}
        />
      )}
    </div>
  );
}

export default function CoachClassTabs({ coachId, upcoming, past }: { coachId: number; upcoming: ClassPage; past: ClassPage }) {
  return (
    <div>
      <Tabs
        label="Coach classes"
        tabs={[
          {
            id: 'upcoming',
            label: `Upcoming Classes (${upcoming.total})`,
            content: () => <Grid coachId={coachId} when="upcoming" page={upcoming} empty="No upcoming classes" />,
          },
          {
            id: 'past',
            label: `Past Classes (${past.total})`,
            content: () => <Grid coachId={coachId} when="past" page={past} empty="No past classes" />,
          },
        ]}
      />
      <div className="mt-5 text-center">
        <a href="/classes" className="btn-ghost">
          View All
        </a>
      </div>
    </div>
  );
}

tagReact(CoachClassTabs);
