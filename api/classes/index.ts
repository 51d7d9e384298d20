// Class write routes (create, edit, delete with deleteOption=following), the list of classes a coach or admin
// manages, and geocoding for the class form. Role rules are enforced in the service on every call.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppContext } from '../context';
import {
  ClassForm,
  ClassUpdateBody,
  ClassWriteResult,
  DeleteQuery,
  DeleteResult,
  GeocodeQuery,
  IdParams,
  ManagedClass,
  Message,
  Place,
  ReverseGeocodeQuery,
  ValidationFailure,
} from './model';
import { createClass, deleteClass, geocodePlace, listManagedClasses, reverseGeocodePlace, updateClass } from './service';
import { parseId } from '../catalog/service';
import { authPlugin } from '../auth/plugin';

const classId = (value: string) => parseId(value, 'Class not found.');

const tags = ['Classes (coach and admin)'];
const errors = { 401: Message, 403: Message, 404: Message };

export function classRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get('/classes/managed', ({ user }) => listManagedClasses(ctx, user), {
      auth: 'coach',
      response: { 200: v.array(ManagedClass), 401: Message, 403: Message },
      detail: {
        tags,
        summary: 'The classes the signed-in coach (own) or admin (all) manages',
        description: 'Every row, series parents included, each with its coach, category name, active booked spots and (for a series) its number of sessions.',
      },
    })
    .post(
      '/classes',
      async ({ user, body, set }) => {
        const created = await createClass(ctx, user, body);
        set.status = 201;
        return created;
      },
      {
        auth: 'approvedCoach',
        body: ClassForm,
        response: { 201: ClassWriteResult, 400: ValidationFailure, ...errors },
        detail: {
          tags,
          summary: 'Create a one-time class or a recurring series (approved coach, or an admin for a coach)',
          description:
            'startDate (YYYY-MM-DD) and startTime (HH:MM on the half hour) are Pacific wall time; endTime = start + duration. With isRecurring, the series (daily, weekly on recurrenceDaysOfWeek, monthly; interval 1-99; end by date or after 1-999 sessions, default 10) becomes one parent plus one bookable session per occurrence, each at the same Pacific time. Admins pass coachId. Without coordinates found, latitude and longitude are 0 and locationNotice says "Using address only".',
        },
      },
    )
    // The cast: Elysia's types cannot match a variant (union) body with a typed response; the schemas still validate both.
    .put('/classes/:id', ({ user, params, body }) => updateClass(ctx, user, classId(params.id), body) as Promise<never>, {
      auth: 'coach',
      params: IdParams,
      body: ClassUpdateBody,
      response: { 200: ClassWriteResult, 400: ValidationFailure, ...errors },
      detail: {
        tags,
        summary: 'Edit a class (its coach or an admin)',
        description:
          'Either the full class fields (the create rules) or the edit page subset with form "edit-page" (its own rules). For a session of a series, scope "this" (default) edits only it, "following" also the later sessions (they keep their dates and take the new time of day). Editing the series parent edits its sessions that have not started. Bookings stay with their sessions; capacity cannot drop below the spots already booked.',
      },
    })
    .delete('/classes/:id', ({ user, params, query }) => deleteClass(ctx, user, classId(params.id), query.deleteOption), {
      auth: 'coach',
      params: IdParams,
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
