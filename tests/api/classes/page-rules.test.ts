// The class pages' own rules (coach-admin-areas §5), which live with the pages: the create page's half-hour
// starts and "not in the past", and the simpler edit page's minimums; and what each page sends once it
// converts its Pacific wall time to the resource's RFC 3339 instant.
import { describe, expect, test } from 'bun:test';
import * as v from 'valibot';
import { ClassChanges, NewClass } from '../../../api/classes/model';
import {
  classFormRules,
  editPageChanges,
  EditPageRules,
  type EditPageValues,
  emptyClassValues,
  START_TIME_CHOICES,
  toNewClass,
} from '../../../site/app/screens/class-form/form-rules';

const firstMessages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  const found: Record<string, string> = {};
  if (!result.success) for (const issue of result.issues) found[(issue.path ?? []).map((p) => String(p.key)).join('.')] ??= issue.message;
  return found;
};

const NOW = new Date('2027-03-01T20:00:00Z'); // 12:00 PT
const filled = {
  ...emptyClassValues(NOW),
  title: 'Sunrise Yoga',
  description: 'A gentle flow by the water.',
  categoryId: '3',
  location: 'Crissy Field',
  addressLine1: '1199 E Beach',
  city: 'San Francisco',
  zipCode: '94129',
  start: { date: '2027-03-07', time: '09:00' },
};
const at = (date: string, time: string) => ({ ...filled, start: { date, time } });

describe('the create page', () => {
  const rules = classFormRules({ creating: true, needsCoach: false, now: () => NOW });

  test('start times are every 30 minutes of the day, and other times are refused', () => {
    expect(START_TIME_CHOICES.length).toBe(48);
    expect(firstMessages(rules, at('2027-03-07', '09:15'))).toEqual({ 'start.time': 'Start time must be on the hour or half hour' });
  });

  test('a start date in the past, or today at an hour gone by, is refused', () => {
    expect(firstMessages(rules, at('2027-02-28', '09:00'))).toEqual({ 'start.date': 'Start date cannot be in the past' });
    expect(firstMessages(rules, at('2027-03-01', '09:00'))).toEqual({ 'start.time': 'Start time cannot be in the past' });
    expect(firstMessages(rules, at('2027-03-01', '17:30'))).toEqual({});
    // while the rest of the form is still empty too
    expect(firstMessages(rules, { ...emptyClassValues(NOW), start: { date: '2027-03-01', time: '09:00' } })['start.time']).toBe(
      'Start time cannot be in the past',
    );
  });

  test('editing through the same form does not refuse a past start; an admin must choose the coach', () => {
    expect(firstMessages(classFormRules({ creating: false, needsCoach: false, now: () => NOW }), at('2027-02-28', '09:00'))).toEqual({});
    expect(firstMessages(classFormRules({ creating: true, needsCoach: true, now: () => NOW }), filled)).toEqual({
      coachId: 'Choose the approved coach this class is for',
    });
  });

  test('what it sends is a class the API accepts: the Pacific wall time as an instant, the recurrence nested', () => {
    const body = toNewClass(
      at('2027-07-04', '18:30'),
      { type: 'weekly', interval: 1, daysOfWeek: [0], endType: 'count', endDate: null, endCount: 4 },
      false,
    );
    expect(body.startTime).toBe('2027-07-05T01:30:00.000Z');
    expect(v.safeParse(NewClass, body).success).toBe(true);
  });
});

describe('the edit page (/edit-class/{id})', () => {
  const valid: EditPageValues = {
    title: 'Evening Yoga',
    description: 'A slower flow as the fog rolls in.',
    price: '30',
    capacity: '12',
    location: 'Crissy Field',
    address: '1199 E Beach, San Francisco, CA 94129',
    duration: '75',
    startTime: '2027-03-10T18:30',
    whatToBring: '',
  };
  const rejects = (extra: Partial<EditPageValues>, field: string, message: string) =>
    expect(firstMessages(EditPageRules, { ...valid, ...extra })[field]).toBe(message);

  test('title needs at least 5 characters', () => rejects({ title: 'Yoga' }, 'title', 'Title must be at least 5 characters'));
  test('description needs at least 10 characters', () =>
    rejects({ description: 'Short' }, 'description', 'Description must be at least 10 characters'));
  test('price must be 0 or greater', () => rejects({ price: '-5' }, 'price', 'Price must be 0 or greater'));
  test('capacity is a positive integer', () => {
    rejects({ capacity: '0' }, 'capacity', 'Capacity must be a positive integer');
    rejects({ capacity: '2.5' }, 'capacity', 'Capacity must be a positive integer');
  });
  test('location needs at least 3 characters', () => rejects({ location: 'SF' }, 'location', 'Location must be at least 3 characters'));
  test('address needs at least 5 characters', () => rejects({ address: 'Park' }, 'address', 'Address must be at least 5 characters'));
  test('duration is positive', () => rejects({ duration: '0' }, 'duration', 'Duration must be a positive number'));
  test('start time is required', () => rejects({ startTime: '' }, 'startTime', 'Start time is required'));
  test('a date must not be before 1900', () => rejects({ startTime: '1899-12-31T09:00' }, 'startTime', 'Date cannot be before 1900'));
  test('a date that is not on the calendar is refused', () =>
    rejects({ startTime: '2027-02-30T09:00' }, 'startTime', 'Enter a valid date and time'));

  test('what it sends is a change the API accepts, with the Pacific start as an RFC 3339 instant and no form marker', () => {
    const body = editPageChanges(valid);
    expect(body).toEqual({
      title: 'Evening Yoga',
      description: 'A slower flow as the fog rolls in.',
      location: 'Crissy Field',
      address: '1199 E Beach, San Francisco, CA 94129',
      startTime: '2027-03-11T02:30:00.000Z',
      duration: 75,
      price: 30,
      capacity: 12,
      whatToBring: null,
    });
    expect(v.safeParse(ClassChanges, body).success).toBe(true);
  });
});
