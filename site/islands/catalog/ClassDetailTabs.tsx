// /classes/{id} tabs: Details (description, what to bring, schedule or date and time, coach, address, age
// group), Location (map with a pin and the address) and Coach (avatar, rating, bio, 2 recent reviews).
import { tagReact } from '../../lib/astro-react';
import { classDateFull, classTime, coachName, locationOf, scheduleLines } from '../../lib/catalog';
import { Avatar } from '../../components/catalog/Avatar';
import { directionsLinks } from '../../lib/conditions';
import { Icon } from '../../components/catalog/icons';
import { RatingStars } from '../../components/catalog/RatingStars';
import { ReviewCard, type ReviewData } from '../../components/catalog/ReviewCard';
import { MapPanel, SF_CENTER } from './MapPanel';
import { Tabs } from './Tabs';
import { hasWeeklySchedule } from '../../../common/weekly-schedule';

interface ClassDetailData {
  id: number;
  title: string;
  description: string;
  whatToBring: string | null;
  location: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  startTime: string | null;
  endTime: string | null;
  ageGroup: string | null;
  isRecurring: boolean;
  parentClassId: number | null;
  recurrenceType?: string | null;
  recurrenceInterval?: number | null;
  schedules?: { dayOfWeek: number; startTime: string; endTime: string }[];
  meetingPoint?: { latitude: number; longitude: number; notes: string | null; photo: string | null } | null;
}

interface CoachSummary {
  id: number;
  firstName: string;
  lastName: string;
  profileImage: string | null;
  bio: string | null;
  rating: { averageRating: number; totalReviews: number };
}

function Fact({ icon, label, children }: { icon: Parameters<typeof Icon>[0]['name']; label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-3 text-sm font-medium text-fog-600 dark:text-fog-400">
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900/50 dark:text-brand-200">
          <Icon name={icon} className="h-4 w-4" />
        </span>
        {label}
      </dt>
      <dd className="mt-1 pl-11 text-fog-900 dark:text-fog-100">{children}</dd>
    </div>
  );
}

export default function ClassDetailTabs({
  item,
  coach,
  reviews,
  mapsKey,
}: {
  item: ClassDetailData;
  coach: CoachSummary | null;
  reviews: ReviewData[];
  mapsKey: string | null;
}) {
  const schedule = scheduleLines(item.schedules);
  const recurring = hasWeeklySchedule(item);
  const hasPin = item.latitude !== null && item.longitude !== null && !(item.latitude === 0 && item.longitude === 0);
  const address = item.address?.trim() || locationOf(item);

  const details = () => (
    <div className="space-y-6">
      <section>
        <h2 className="text-lg font-semibold">About this class</h2>
        <p className="mt-2 whitespace-pre-line text-fog-700 dark:text-fog-300">{item.description || 'No description yet.'}</p>
      </section>
      {item.whatToBring && (
        <section>
          <h2 className="text-lg font-semibold">What to bring</h2>
          <p className="mt-2 whitespace-pre-line text-fog-700 dark:text-fog-300">{item.whatToBring}</p>
        </section>
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        {recurring ? (
          <Fact icon="calendar" label="Weekly schedule">
            {schedule.length > 0 ? (
              <ul>
                {schedule.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : (
              <p>Schedule not available</p>
            )}
            {item.startTime && (
              <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
                This session: {classDateFull(item.startTime)}, {classTime(item.startTime, item.endTime)}
              </p>
            )}
          </Fact>
        ) : (
          <Fact icon="calendar" label="Date and time">
            {classDateFull(item.startTime)}
            <br />
            {classTime(item.startTime, item.endTime)}
          </Fact>
        )}
        <Fact icon="user" label="Coach">
          {coachName(coach)}
        </Fact>
        <Fact icon="pin" label="Address">
          {item.location && item.address ? (
            <>
              <span className="font-medium">{item.location}</span>
              <br />
              {item.address}
            </>
          ) : (
            address
          )}
        </Fact>
        <Fact icon="users" label="Age group">
          {item.ageGroup || 'Adults'}
        </Fact>
      </dl>
    </div>
  );

  // The meeting point's pin when the coach set one, else the address's; Directions work without a Maps key.
  const meeting = item.meetingPoint ?? null;
  const pin = meeting ? { lat: meeting.latitude, lng: meeting.longitude } : hasPin ? { lat: item.latitude!, lng: item.longitude! } : null;
  const directions = pin ? directionsLinks(pin.lat, pin.lng) : null;
  const location = () => (
    <div className="space-y-3">
      {mapsKey && (
        <MapPanel
          mapsKey={mapsKey}
          className="h-80"
          center={pin ?? SF_CENTER}
          pins={pin ? [{ id: item.id, lat: pin.lat, lng: pin.lng, title: item.title, subtitle: item.location ?? undefined }] : []}
        />
      )}
      <p className="flex items-start gap-2 text-fog-800 dark:text-fog-200">
        <Icon name="pin" className="mt-1 h-4 w-4 shrink-0 text-brand-700" />
        <span>{item.location && item.address ? `${item.location}, ${item.address}` : address}</span>
      </p>
      {meeting && (
        <section aria-label="Meeting point" className="rounded-xl border border-fog-200 p-3 dark:border-fog-700">
          <h3 className="font-semibold">Meeting point</h3>
          {meeting.notes && <p className="mt-1 whitespace-pre-line text-fog-700 dark:text-fog-300">{meeting.notes}</p>}
          {meeting.photo && (
            <img src={meeting.photo} alt="The meeting point" loading="lazy" className="mt-2 max-h-64 w-full rounded-lg object-cover" />
          )}
          <p className="mt-1 text-xs text-fog-600 dark:text-fog-400">
            {meeting.latitude.toFixed(5)}, {meeting.longitude.toFixed(5)}
          </p>
        </section>
      )}
      {directions && (
        <p className="flex flex-wrap gap-2">
          <a className="btn-secondary px-4 py-2" href={directions.google} target="_blank" rel="noopener noreferrer">
            Directions (Google Maps)
          </a>
          <a className="btn-secondary px-4 py-2" href={directions.apple} target="_blank" rel="noopener noreferrer">
            Directions (Apple Maps)
          </a>
        </p>
      )}
    </div>
  );

  const coachTab = () =>
    !coach ? (
      <p className="text-fog-700 dark:text-fog-300">Unknown Coach</p>
    ) : (
      <div className="space-y-5">
        <div className="flex items-center gap-4">
          <Avatar person={coach} size="md" />
          <div>
            <h2 className="text-lg font-semibold">{coachName(coach)}</h2>
            {coach.rating.totalReviews > 0 ? (
              <RatingStars rating={coach.rating.averageRating} count={coach.rating.totalReviews} />
            ) : (
              <p className="text-sm text-fog-600 dark:text-fog-400">No reviews yet</p>
            )}
          </div>
        </div>
        <p className="whitespace-pre-line text-fog-700 dark:text-fog-300">{coach.bio?.trim() || "This coach hasn't added a bio yet."}</p>
        {reviews.length > 0 && (
          <section>
            <h3 className="font-semibold">Recent reviews</h3>
            <ul className="mt-3 space-y-3">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          </section>
        )}
        <a href={`/coaches/${coach.id}`} className="btn-secondary">
          View Full Profile
        </a>
      </div>
    );

  return (
    <Tabs
      label="Class information"
      tabs={[
        { id: 'details', label: 'Details', content: details },
        { id: 'location', label: 'Location', content: location },
        { id: 'coach', label: 'Coach', content: coachTab },
      ]}
    />
  );
}

tagReact(ClassDetailTabs);
