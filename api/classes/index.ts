// The class resource for coaches and admins: create (POST), change any subset (PATCH, and PUT for the spec's
// edit page) with the series scope as a query parameter, delete (deleteOption=following), the managed list,
// and geocoding for the class form. Role rules are enforced in the services on every call.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin } from '../auth/plugin';
import type { AppContext } from '../context';
import { ClassIdParams, Message, ValidationFailure } from '../../common/schema';
import { parseId } from '../lib/route-id';
import { createClass } from './create';
import { deleteClass } from './delete';
import {
  ClassChanges,
  ClassWriteResult,
  DeleteQuery,
  DeleteResult,
  GeocodeQuery,
  ManagedClass,
  NewClass,
  Place,
  ReverseGeocodeQuery,
  ScopeQuery,
} from './model';
import { geocodePlace, reverseGeocodePlace } from './places';
import { listManagedClasses, ManagedQuery } from './service';
import { pagedDescription, paged, readPage } from '../../common/pagination';
import { updateClass } from './update';

const classId = (value: string) => parseId(value, 'Class not found.');

const tags = ['Classes (coach and admin)'];
const MANAGED_PAGE_SIZE = 50;
const errors = { 401: Message, 403: Message, 404: Message };
const CHANGE_DESCRIPTION =
  "Any subset of the class fields, with the names and formats the class is read with (startTime any RFC 3339 instant); fields not sent stay as they are. For a session of a series, ?scope=this (default) changes only it, ?scope=following also the later sessions (they keep their dates and take the new Pacific time of day). Changing a series parent changes its sessions that have not started. Bookings stay with their sessions; capacity cannot drop below the spots already booked. A series' recurrence and a class's coach are fixed once created. A change of time or place emails everyone booked or waiting, combined over a 2-minute window (one email with the net before -> after, none when the class is back where it was); such changes are limited to 20 per coach (or admin) in 15 minutes (429 with Retry-After).";

export function classRoutes(ctx: AppContext) {
  const change = {
    auth: 'coach' as const,
    params: ClassIdParams,
    query: ScopeQuery,
    body: ClassChanges,
    response: { 200: ClassWriteResult, 400: ValidationFailure, ...errors, 429: Message },
  };
  return new Elysia()
    .use(authPlugin(ctx))
    .get(
      '/classes/managed',
      async ({ user, query, set }) => paged(set, await listManagedClasses(ctx, user, query, readPage(query, MANAGED_PAGE_SIZE))),
      {
        auth: 'coach',
        query: ManagedQuery,
        response: { 200: v.array(ManagedClass), 400: Message, 401: Message, 403: Message },
        detail: {
          tags,
          summary: 'The classes the signed-in coach (own) or admin (all) manages',
          description:
            'view=sessions (default): every row, series parents included, by start; from and to (ISO date-times) keep the rows starting in [from, to), as My Calendar asks for one month. view=series: one row per series (its parent) or one-time class, with activeBookings and waitlistCount summed over its sessions, sessionCount and nextSession; sort=next (upcoming first) or created (newest first); when=upcoming keeps those with a session not yet ended, when=past those whose sessions have all ended; nextSession carries the own activeBookings, capacity and waitlistCount; view=sessions with series={parentId} lists the sessions of one series; q searches title, location and address. Each row has its coach, category name and active booked spots.' +
            pagedDescription(MANAGED_PAGE_SIZE),
        },
      },
    )
    .post(
      '/classes',
      async ({ user, body, set }) => {
        const created = await createClass(ctx, user, body);
        set.status = 201;
        return created;
      },
      {
        auth: 'approvedCoach',
        body: NewClass,
        response: { 201: ClassWriteResult, 400: ValidationFailure, ...errors },
        detail: {
          tags,
          summary: 'Create a one-time class or a recurring series (approved coach, or an admin for a coach)',
          description:
            'The class as it is read: startTime is any RFC 3339 instant, endTime = startTime + duration (minutes). The address is its parts (addressLine1, city, state, zipCode), or one combined address read into parts. With a recurrence (daily, weekly on daysOfWeek, monthly; interval 1-99; endType date with endDate YYYY-MM-DD or count 1-999, default 10) the series becomes one parent plus one bookable session per occurrence, each at the first session\'s Pacific wall time. Admins pass coachId. Without coordinates found, latitude and longitude are 0 and locationNotice says "Using address only". Read-only fields of a class (id, endTime, createdAt, ...) are ignored, so a class read from the API can be posted back.',
        },
      },
    )
    .patch('/classes/:id', ({ user, params, query, body }) => updateClass(ctx, user, classId(params.id), body, query.scope), {
      ...change,
      detail: { tags, summary: 'Change any subset of a class (its coach or an admin)', description: CHANGE_DESCRIPTION },
    })
    .put('/classes/:id', ({ user, params, query, body }) => updateClass(ctx, user, classId(params.id), body, query.scope), {
      ...change,
      detail: {
        tags,
        summary: 'Change a class, as the edit page sends it (its coach or an admin)',
        description: `The same as PATCH: the edit page sends a subset (title, description, price, capacity, location, address, duration, startTime). ${CHANGE_DESCRIPTION}`,
      },
    })
    .delete('/classes/:id', ({ user, params, query }) => deleteClass(ctx, user, classId(params.id), query.deleteOption), {
      auth: 'coach',
      params: ClassIdParams,
      query: DeleteQuery,
      response: { 200: DeleteResult, ...errors },
      detail: {
        tags,
        summary: 'Delete a class (its coach or an admin); deleteOption=following deletes this session and the later ones',
        description:
          'Active bookings of the sessions that have not started are cancelled first with full refunds and each customer is emailed. Deleting a series parent deletes all of its sessions. The rows are kept, marked deleted: every class list and page ignores them (404 here and on GET /api/classes/{id}), while the customers keep their cancelled bookings with the refund in GET /api/bookings, and sessions that already took place keep their attended bookings and reviews.',
      },
    })
    .get('/geocode', ({ user, query }) => geocodePlace(ctx, user, query.q), {
      auth: 'coach',
      query: GeocodeQuery,
      response: { 200: Place, 400: ValidationFailure, 401: Message, 403: Message },
      detail: { tags, summary: 'Address autofill for the class form: the address of a place name (coach or admin)' },
    })
    .get('/geocode/reverse', ({ user, query }) => reverseGeocodePlace(ctx, user, query.lat, query.lng), {
      auth: 'coach',
      query: ReverseGeocodeQuery,
      response: { 200: Place, 400: Message, 401: Message, 403: Message },
      detail: { tags, summary: 'Use my location: the address at a point (coach or admin)' },
    });
}
