// The classes a coach (or admin) manages, as GET /api/classes/managed returns them, and what the screens read
// from them: series parents, sessions, active bookings.
import type { listManagedClasses } from '../../../../api/classes/service';
import { apiDelete, apiGet } from '../../../lib/api-client';

export type ManagedClass = Awaited<ReturnType<typeof listManagedClasses>>[number];

export const fetchManagedClasses = (signal?: AbortSignal) => apiGet<ManagedClass[]>('/api/classes/managed', signal);

/** A series' parent row: a template, never booked itself. */
export const isSeriesParent = (c: Pick<ManagedClass, 'isRecurring' | 'parentClassId'>) => c.isRecurring && c.parentClassId === null;
/** A bookable row that belongs to a series. */
export const isSeriesSession = (c: Pick<ManagedClass, 'parentClassId'>) => c.parentClassId !== null;

export interface DeleteAnswer {
  message: string;
  deleted: number;
  cancelledBookings: number;
}

export function deleteClassRequest(id: number, following: boolean): Promise<DeleteAnswer> {
  return apiDelete<DeleteAnswer>(`/api/classes/${id}${following ? '?deleteOption=following' : ''}`);
}
