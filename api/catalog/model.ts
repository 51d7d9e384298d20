// Schemas of the catalogue's read calls (query strings and answers); valibot only, so the site can import them.
import * as v from 'valibot';
import { strictLimit, strictPageEntries, wholeNumber } from '../../common/pagination';
import { ClassResource } from '../classes/model';
import { withExample } from '../../common/schema';
const flag = v.optional(v.picklist(['true', 'false'], 'includeSchedules must be true or false.'));

export const ClassListQuery = v.object({
  q: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(200, 'The search text must not exceed 200 characters.'),
      v.description('Text contained in the title, description, category, coach name or location (case-insensitive; any part of a word).'),
    ),
  ),
  type: v.optional(v.pipe(v.string(), v.description('Category id.'))),
  category: v.optional(v.pipe(v.string(), v.description('Category id (both type and category must match when both are given).'))),
  ageGroup: v.optional(v.pipe(v.string(), v.description('Adults or Kids, exactly.'))),
  city: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(100, 'The city must not exceed 100 characters.'),
      v.description('Contained in the city of the address, case-insensitive.'),
    ),
  ),
  date: v.optional(v.pipe(v.string(), v.description('A day (YYYY-MM-DD) or an instant: the Pacific start day.'))),
  time: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'Time of day of the Pacific start: morning (before noon), afternoon (noon to 5 PM) or evening (5 PM on); any other value matches nothing.',
      ),
    ),
  ),
  lat: v.optional(
    v.pipe(
      v.string(),
      v.description('Never filters: with lng, the place distances are measured from (distanceMiles on each class, and sort=nearest).'),
    ),
  ),
  lng: v.optional(v.pipe(v.string(), v.description('Never filters: see lat.'))),
  limit: v.optional(v.pipe(strictLimit, v.description('Page size, 1 to 100 (default 24).'))),
  offset: v.optional(v.pipe(wholeNumber('offset'), v.description('Matches to skip (default 0).'))),
  sort: v.optional(
    v.pipe(
      v.picklist(['start', 'relevance', 'nearest', 'price', 'rating'], 'sort must be start, relevance, nearest, price or rating.'),
      v.description(
        "start (default): by start time, none last; relevance: best text match first (with q); nearest: closest to lat/lng first (without them, by start time); price: cheapest first; rating: the coach's best average rating first, unrated coaches last. Ties by start time.",
      ),
    ),
  ),
  upcoming: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'upcoming must be true or false.'),
      v.description("true: only classes that have not started yet (the home page's featured classes are the first 3)."),
    ),
  ),
  all: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'all must be true or false.'),
      v.description(
        'true: the unpaginated list (unfiltered: every bookable class, past ones too), at most 200; limit and offset are ignored.',
      ),
    ),
  ),
  includeSchedules: flag,
});
export type ClassListQuery = v.InferOutput<typeof ClassListQuery>;

const { q, type, category, ageGroup, city, date, time, lat, lng } = ClassListQuery.entries;

export const MapPinsQuery = v.object({
  q,
  type,
  category,
  ageGroup,
  city,
  date,
  time,
  lat,
  lng,
  bounds: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(200, 'bounds must be south,west,north,east in degrees.'),
      v.description('The view: south,west,north,east in degrees (default: everywhere).'),
    ),
  ),
  zoom: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'zoom must be a whole number from 0 to 22.'),
      v.check((value) => Number(value) <= 22, 'zoom must be a whole number from 0 to 22.'),
      v.description('The map zoom (default 12): clusters group the classes about 60 pixels apart; from 17 on every class is a pin.'),
    ),
  ),
});

export const MapPins = v.object({
  total: v.number(),
  pins: v.array(v.object({ id: v.number(), lat: v.number(), lng: v.number(), price: v.number(), title: v.string() })),
  clusters: v.array(v.object({ lat: v.number(), lng: v.number(), count: v.number() })),
});

export const IncludeSchedulesQuery = v.object({ includeSchedules: flag });
export const ReviewsQuery = v.object(strictPageEntries);
export const CoachListQuery = v.object({
  q: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(200, 'The search text must not exceed 200 characters.'),
      v.description('Contained in the full name or the bio, ignoring case and accents.'),
    ),
  ),
  ...strictPageEntries,
});
export const CoachClassesQuery = v.object({
  includeSchedules: flag,
  when: v.optional(
    v.pipe(
      v.picklist(['upcoming', 'past'], 'when must be upcoming or past.'),
      v.description('upcoming or past: one page of the public profile list instead of every class.'),
    ),
  ),
  ...strictPageEntries,
});
// A path piece that is not valid UTF-8 (%ff) arrives as null: like any other malformed id, it is not found.
// The example 2 is the demo coach (coach@fogline.test) and the second category.
export const IdParams = v.object({ id: withExample(v.nullable(v.string()), '2') });
export const CoachIdParams = v.object({ coachId: withExample(v.nullable(v.string()), '2') });

export const Category = v.object({ id: v.number(), name: v.string(), image: v.nullable(v.string()) });
export type Category = v.InferOutput<typeof Category>;

export const ScheduleEntry = v.object({ dayOfWeek: v.number(), startTime: v.string(), endTime: v.string() });

export const Rating = v.object({
  averageRating: v.number(),
  totalReviews: v.number(),
});
export type Rating = v.InferOutput<typeof Rating>;

/** The class resource (api/classes/model.ts) plus what list rows and the detail page need. */
export const ClassItem = v.object({
  ...ClassResource.entries,
  coach: v.nullable(
    v.object({
      id: v.number(),
      firstName: v.string(),
      lastName: v.string(),
      profileImage: v.nullable(v.string()),
      rating: v.nullable(v.number()),
      totalReviews: v.number(),
    }),
  ),
  category: v.nullable(v.object({ id: v.number(), name: v.string() })),
  spotsLeft: v.number(),
  bookedSpots: v.number(),
  /** Miles from the lat/lng of the request, measured in SQL (api/catalog/browse-query.ts); only in lists asked with a location, null without coordinates. */
  distanceMiles: v.optional(v.nullable(v.number())),
});

export const BookingCount = v.object({ spotsLeft: v.number(), capacity: v.number(), active: v.number() });

export const Coach = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  bio: v.nullable(v.string()),
  profileImage: v.nullable(v.string()),
  certifications: v.nullable(v.string()),
  areasOfExpertise: v.array(v.number()),
  expertise: v.array(v.string()),
  rating: Rating,
});
export type Coach = v.InferOutput<typeof Coach>;

export const Review = v.object({
  id: v.number(),
  classId: v.number(),
  bookingId: v.number(),
  rating: v.number(),
  comment: v.nullable(v.string()),
  customerName: v.string(),
  customerFirstName: v.string(),
  className: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Review = v.InferOutput<typeof Review>;

export const ReviewList = v.object({ reviews: v.array(Review) });
export const NotFoundMessage = v.object({ message: v.string() });
