// The confirmations whose calendar files are pinned byte for byte (api/notices/confirmation-ics.golden.test.ts):
// classes on both sides of the 2027 daylight-time changes, a multi-attendee booking, a kids class, text that
// needs escaping and folding, a class with no place and one that moved (sequence raised).
import type { classes } from '../../db/schema';
import type { AppContext } from '../context';

type ClassRow = typeof classes.$inferSelect;

export const goldenCtx = {
  env: { publicUrl: 'http://localhost:4321' },
  clock: { now: () => new Date('2027-02-20T18:30:12.345Z') },
} as unknown as AppContext;

const base = {
  id: 3,
  title: 'Sunrise Yoga, Crissy Field',
  location: 'Crissy Field',
  address: '1199 E Beach, San Francisco, CA 94129',
  whatToBring: 'A mat; water.',
  duration: 60,
  endTime: null,
  calendarSequence: 0,
};

export interface GoldenCase {
  name: string;
  booking: { id: number; quantity: number };
  cls: ClassRow;
  people: string;
}

const cls = (fields: Record<string, unknown>) => ({ ...base, ...fields }) as unknown as ClassRow;

export const GOLDEN_CASES: GoldenCase[] = [
  {
    name: 'the Saturday before daylight time (PST)',
    booking: { id: 7, quantity: 1 },
    cls: cls({ startTime: new Date('2027-03-13T17:00:00Z') }),
    people: '',
  },
  {
    name: 'the first day of daylight time (PDT), 2027-03-14',
    booking: { id: 8, quantity: 1 },
    cls: cls({ startTime: new Date('2027-03-14T16:00:00Z') }),
    people: '',
  },
  {
    name: 'across the 2 AM spring-forward gap: 1:30 AM PST to 3:30 AM PDT',
    booking: { id: 9, quantity: 2 },
    cls: cls({ startTime: new Date('2027-03-14T09:30:00Z'), endTime: new Date('2027-03-14T10:30:00Z') }),
    people: 'Ana Ruiz, Ben Ruiz',
  },
  {
    name: 'the last day of daylight time (PDT), 2027-11-06',
    booking: { id: 10, quantity: 1 },
    cls: cls({ startTime: new Date('2027-11-06T16:00:00Z'), calendarSequence: 2 }),
    people: '',
  },
  {
    name: 'the repeated 1 AM hour on 2027-11-07: 1:30 AM PDT and 1:30 AM PST',
    booking: { id: 11, quantity: 1 },
    cls: cls({ startTime: new Date('2027-11-07T08:30:00Z'), endTime: new Date('2027-11-07T09:30:00Z') }),
    people: '',
  },
  {
    name: 'the first day of standard time (PST), 2027-11-07, evening',
    booking: { id: 12, quantity: 1 },
    cls: cls({ startTime: new Date('2027-11-08T02:15:00Z'), duration: 90 }),
    people: '',
  },
  {
    name: 'a multi-attendee booking of four spots, with a long list of names that folds',
    booking: { id: 13, quantity: 4 },
    cls: cls({ startTime: new Date('2027-06-19T16:00:00Z'), duration: 75 }),
    people: 'Maria Gonzalez-Fernandez, Jean-Luc Picard, Zoë Ågren (guest), Sam O’Brien',
  },
  {
    name: 'a kids class with attendees of ages',
    booking: { id: 14, quantity: 2 },
    cls: cls({
      id: 41,
      title: 'Kids Nature Art (ages 6-10) at Golden Gate Park; bring a snack',
      location: 'Golden Gate Park, Botanical Garden',
      address: '1199 9th Ave, San Francisco, CA 94122',
      whatToBring: 'Sunscreen, a hat, a water bottle\nand clothes that can get paint on them: we paint outside! 🎨',
      startTime: new Date('2027-08-07T17:00:00Z'),
      duration: 120,
    }),
    people: 'Lily (age 7), Noah (age 9)',
  },
  {
    name: 'a class with no place and nothing to bring',
    booking: { id: 15, quantity: 1 },
    cls: cls({ location: null, address: null, whatToBring: null, startTime: new Date('2027-12-31T23:45:30Z') }),
    people: '',
  },
];
