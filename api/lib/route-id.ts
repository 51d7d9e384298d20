// A route's numeric id as the path carries it (a string): anything but a positive whole number is simply not found.
import { notFound } from '../errors';

/** Route ids are positive whole numbers; anything else is simply not found. */
export function parseId(value: string | null | undefined, message: string): number {
  const id = Number(value);
  if (!value || !/^\d{1,12}$/.test(value) || !Number.isSafeInteger(id) || id < 1) throw notFound(message);
  return id;
}
