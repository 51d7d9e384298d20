// Catalogue read routes: categories, cities, classes (with spots), coaches and coach reviews. Public.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { gzipLargeJson } from '../lib/compress';
import { MAX_PAGE_SIZE, paged, pagedDescription, readPage } from '../../common/pagination';
import { plainQuery } from '../lib/plain-query';
import { type BrowseSort, SHORT_QUERY_COUNT_CAP } from './browse-query';
import { parseId } from '../lib/route-id';
import { parseClassFilters } from '../../common/class-filters';
import { mapPins, parseBounds } from './map-pins';
import {
  BookingCount,
  Category,
  ClassItem,
  ClassListQuery,
  Coach,
  CoachClassesQuery,
  CoachListQuery,
  CoachIdParams,
  IdParams,
  IncludeSchedulesQuery,
  MapPins,
  MapPinsQuery,
  NotFoundMessage,
  Rating,
  ReviewList,
  ReviewsQuery,
} from './model';
import { getCoach, listCoaches } from './coaches';
import { coachReviews, coachReviewStats } from './ratings';
import {
  classBookingCount,
  coachProfileClasses,
  DEFAULT_PAGE,
  getCategory,
  getClass,
  listCategories,
  listCities,
  listClasses,
  listCoachClasses,
} from './service';

const tags = { catalog: ['Catalogue'], coaches: ['Coaches'], reviews: ['Reviews'] };

export function catalogRoutes(ctx: AppContext) {
  const db = ctx.db;
  return new Elysia()
    .onTransform(plainQuery)
    .mapResponse(gzipLargeJson)
    .get('/categories', () => listCategories(db), {
      response: { 200: v.array(Category) },
      detail: { tags: tags.catalog, summary: 'All categories (class types): id, name, image' },
    })
    .get('/categories/:id', ({ params }) => getCategory(db, parseId(params.id, 'Category not found.')), {
      params: IdParams,
      response: { 200: Category, 404: NotFoundMessage },
      detail: { tags: tags.catalog, summary: 'One category' },
    })
    .get('/cities', () => listCities(db, ctx.clock.now()), {
      response: { 200: v.array(v.string()) },
      detail: { tags: tags.catalog, summary: 'The distinct cities of upcoming classes' },
    })
    .get(
      '/classes',
      async ({ query, set }) => {
        const page = await listClasses(db, ctx.clock.now(), {
          filters: parseClassFilters(query as Record<string, string | undefined>),
          limit: query.limit !== undefined ? Number(query.limit) : undefined,
          offset: query.offset !== undefined ? Number(query.offset) : undefined,
          sort: query.sort as BrowseSort | undefined,
          all: query.all === 'true',
          notStartedBy: query.upcoming === 'true' ? ctx.clock.now() : undefined,
          includeSchedules: query.includeSchedules === 'true',
        });
        return paged(set, { rows: page.items, total: page.total, totalIsAtLeast: page.totalIsAtLeast });
      },
      {
        query: ClassListQuery,
        response: { 200: v.array(ClassItem) },
        detail: {
          tags: tags.catalog,
          summary: 'Bookable classes, one page at a time, each with coach, category and spots left',
          description: [
            'The browse rules of the spec, applied in SQL: classes that started before today (Pacific midnight) are hidden; series templates are never listed; sorted by start time, classes without one last.',
            'Paging: `limit` (1 to 100, default 24) and `offset` (default 0). `X-Total-Count` gives the number of matches before paging.',
            `\`q\`: case-insensitive text contained in the title or description (as the spec says), or in the category name, the coach's name or the location; any part of a word matches, so a prefix does. Full-text (SQLite FTS5, trigram) index. A \`q\` of 1 or 2 characters, too short for the index, counts at most ${SHORT_QUERY_COUNT_CAP} matches: past that X-Total-Count is ${SHORT_QUERY_COUNT_CAP} and \`X-Total-Count-Capped: true\` says there are more.`,
            '`type` and `category`: the category id (both must match when both are given). `ageGroup`: Adults or Kids, exactly. `city`: contained in the city of the address (its second-to-last comma piece), case-insensitive. `date`: a day (YYYY-MM-DD) or an instant, matched against the Pacific start day. `time`: morning, afternoon or evening (Pacific start before noon, noon to 5 PM, 5 PM on). `lat`/`lng`: never filter; with both, each class carries `distanceMiles` (measured in SQL, flat-earth, null without coordinates) and `sort=nearest` orders by it.',
            "`upcoming=true`: only classes that have not started yet (the browse list keeps the ones that started earlier today); the home page's featured classes are the first 3 of it.",
            "`sort`: `start` (default), `relevance` (with `q`: best match first, by FTS5 bm25 with the title weighted most, then by start time), `nearest` (with `lat`/`lng`: closest first, classes without coordinates last), `price` (cheapest first) or `rating` (the coach's best average first, unrated last); ties by start time.",
            '`all=true`: the original unpaginated answer, capped at 140 classes: without filters every bookable class, past ones included, by start time; with filters the browse rules. `limit`/`offset` are ignored.',
            '`includeSchedules=true` adds the weekly schedule of a series to each of its sessions.',
          ].join('\n\n'),
        },
      },
    )
    .get(
      '/classes/pins',
      ({ query }) => {
        const bounds = parseBounds(query.bounds);
        if (bounds === null)
          throw badRequest('bounds must be south,west,north,east in degrees.', {
            bounds: ['bounds must be south,west,north,east in degrees.'],
          });
        return mapPins(db, ctx.clock.now(), parseClassFilters(query as Record<string, string | undefined>), {
          bounds,
          zoom: query.zoom !== undefined ? Number(query.zoom) : 12,
        });
      },
      {
        query: MapPinsQuery,
        response: { 200: MapPins },
        detail: {
          tags: tags.catalog,
          summary: 'Map pins of the browse matches in a view, clustered on the server',
          description:
            'The same filters as GET /api/classes. The matches inside bounds are grouped on a grid of about 60 pixels at zoom: a lone class is a pin (id, lat, lng, price in dollars, title), a fuller cell a cluster (centre and count). At most 600 markers: the grid coarsens past that, so the answer stays small at any scale.',
        },
      },
    )
    .get(
      '/classes/:id',
      ({ params, query }) =>
        getClass(db, parseId(params.id, 'Class not found.'), ctx.clock.now(), { includeSchedules: query.includeSchedules === 'true' }),
      {
        params: IdParams,
        query: IncludeSchedulesQuery,
        response: { 200: ClassItem, 404: NotFoundMessage },
        detail: { tags: tags.catalog, summary: 'One class, with schedules (of its series) when includeSchedules=true' },
      },
    )
    .get('/classes/:id/bookings/count', ({ params }) => classBookingCount(db, parseId(params.id, 'Class not found.'), ctx.clock.now()), {
      params: IdParams,
      response: { 200: BookingCount, 404: NotFoundMessage },
      detail: { tags: tags.catalog, summary: 'Spots left, capacity and active spots (confirmed bookings and unexpired payment holds)' },
    })
    .get(
      '/coaches',
      async ({ query, set }) => {
        const { items, total } = await listCoaches(db, { q: query.q, ...readPage(query, DEFAULT_PAGE) });
        return paged(set, { rows: items, total });
      },
      {
        query: CoachListQuery,
        response: { 200: v.array(Coach) },
        detail: {
          tags: tags.coaches,
          summary: 'Approved coaches with rating and expertise names, best rated first',
          description:
            '`q`: the full name or the bio contains it, ignoring case and accents ("jose" finds José).' + pagedDescription(DEFAULT_PAGE),
        },
      },
    )
    .get('/coaches/:id', ({ params }) => getCoach(db, parseId(params.id, 'Coach not found.')), {
      params: IdParams,
      response: { 200: Coach, 404: NotFoundMessage },
      detail: { tags: tags.coaches, summary: 'One approved coach' },
    })
    .get(
      '/coaches/:id/classes',
      async ({ params, query, set }) => {
        const coachId = parseId(params.id, 'Coach not found.');
        const page = readPage(query, DEFAULT_PAGE);
        if (query.when) await getCoach(db, coachId);
        const { items, total } = query.when
          ? await coachProfileClasses(db, coachId, ctx.clock.now(), query.when as 'upcoming' | 'past', page)
          : await listCoachClasses(db, coachId, ctx.clock.now(), page, { includeSchedules: query.includeSchedules === 'true' });
        return paged(set, { rows: items, total });
      },
      {
        params: IdParams,
        query: CoachClassesQuery,
        response: { 200: v.array(ClassItem), 404: NotFoundMessage },
        detail: {
          tags: tags.coaches,
          summary:
            "A page of the coach's classes: all of them (series templates included) by start time, or with `when` the public profile's list",
          description:
            'Without `when`: every live class of the coach (series templates included), by start time. With `when=upcoming` (not started yet, soonest first, no start time last) or `when=past` (latest first): bookable classes of an approved coach.' +
            pagedDescription(DEFAULT_PAGE),
        },
      },
    )
    .get('/reviews/coach/:coachId/stats', ({ params }) => coachReviewStats(db, parseId(params.coachId, 'Coach not found.')), {
      params: CoachIdParams,
      response: { 200: Rating, 404: NotFoundMessage },
      detail: { tags: tags.reviews, summary: "A coach's review count and average rating (1 decimal)" },
    })
    .get(
      '/reviews/coach/:coachId',
      async ({ params, query, set }) => {
        const coachId = parseId(params.coachId, 'Coach not found.');
        const [reviews, stats] = await Promise.all([
          coachReviews(db, coachId, readPage(query, MAX_PAGE_SIZE)),
          coachReviewStats(db, coachId),
        ]);
        return { reviews: paged(set, { rows: reviews, total: stats.totalReviews }) };
      },
      {
        params: CoachIdParams,
        query: ReviewsQuery,
        response: { 200: ReviewList, 404: NotFoundMessage },
        detail: {
          tags: tags.reviews,
          summary: "A page of a coach's reviews, most recent first",
          description: pagedDescription(MAX_PAGE_SIZE).trim(),
        },
      },
    );
}
