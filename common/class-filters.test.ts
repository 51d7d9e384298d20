// The browse rules of customer-areas §5, tested once against the pure function every caller shares.
import { describe, expect, test } from 'bun:test';
import { pacificWallTimeToInstant } from './pacific';
import { cityOf, classFiltersToQuery, filterClasses, hasClassFilters, parseClassFilters, type FilterableClass } from './class-filters';

const now = pacificWallTimeToInstant('2027-03-10', '15:00');
const at = (day: string, time = '09:00') => pacificWallTimeToInstant(day, time).toISOString();

function item(title: string, extra: Partial<FilterableClass> = {}): FilterableClass & { title: string } {
  return {
    title,
    description: '',
    categoryId: 1,
    ageGroup: 'Adults',
    address: '1 Main St, San Francisco, CA 94110',
    startTime: at('2027-03-12'),
    ...extra,
  };
}
const titles = (list: FilterableClass[]) => list.map((c) => c.title);

describe('browse filters (customer-areas §5)', () => {
  test('classes that started before today (local midnight) are hidden', () => {
    const list = [
      item('yesterday', { startTime: at('2027-03-09', '23:30') }),
      item('this morning', { startTime: at('2027-03-10', '06:00') }),
      item('tomorrow', { startTime: at('2027-03-11') }),
    ];
    expect(titles(filterClasses(list, {}, now))).toEqual(['this morning', 'tomorrow']);
  });

  test('the text query matches title or description, case-insensitive', () => {
    const list = [item('Sunrise Yoga'), item('Run Club', { description: 'An easy YOGA cool-down' }), item('Boxing')];
    expect(titles(filterClasses(list, { q: 'yoga' }, now))).toEqual(['Sunrise Yoga', 'Run Club']);
  });

  test('type and category both match categoryId numerically', () => {
    const list = [item('one', { categoryId: 1 }), item('two', { categoryId: 2 }), item('none', { categoryId: null })];
    expect(titles(filterClasses(list, { type: '2' }, now))).toEqual(['two']);
    expect(titles(filterClasses(list, { category: '01' }, now))).toEqual(['one']);
    expect(titles(filterClasses(list, { type: '1', category: '2' }, now))).toEqual([]);
  });

  test('the age group must match exactly', () => {
    const list = [item('grown-ups'), item('kids', { ageGroup: 'Kids' })];
    expect(titles(filterClasses(list, { ageGroup: 'Kids' }, now))).toEqual(['kids']);
    expect(titles(filterClasses(list, { ageGroup: 'kids' }, now))).toEqual([]);
  });

  test('the city is matched against the second-to-last comma piece of the address, case-insensitive contains', () => {
    const list = [
      item('sf', { address: '500 Park Ave, San Francisco, CA 94110' }),
      item('oakland', { address: '1 Lake Shore, Oakland, CA 94610' }),
      item('street named like the city', { address: 'San Francisco St, Daly City, CA 94014' }),
      item('no address', { address: null }),
    ];
    expect(titles(filterClasses(list, { city: 'francisco' }, now))).toEqual(['sf']);
    expect(titles(filterClasses(list, { city: 'DALY' }, now))).toEqual(['street named like the city']);
  });

  test('the date must equal the Pacific start day, and a class without a start time is excluded', () => {
    const list = [
      item('late evening', { startTime: at('2027-03-12', '23:30') }),
      item('next day', { startTime: at('2027-03-13', '00:30') }),
      item('no start', { startTime: null }),
    ];
    expect(titles(filterClasses(list, { date: '2027-03-12' }, now))).toEqual(['late evening']);
    expect(titles(filterClasses(list, { date: at('2027-03-13', '00:00') }, now))).toEqual(['next day']);
    expect(titles(filterClasses(list, { date: 'not a date' }, now))).toEqual([]);
  });

  test('lat and lng are read but do not filter', () => {
    const list = [item('a'), item('b')];
    expect(titles(filterClasses(list, { lat: '1', lng: '2' }, now))).toEqual(['a', 'b']);
    expect(parseClassFilters(new URLSearchParams('lat=37.7&lng=-122.4'))).toEqual({ lat: '37.7', lng: '-122.4' });
  });

  test('the list is sorted by start time ascending, classes without a start time last', () => {
    const list = [
      item('no start', { startTime: null }),
      item('later', { startTime: at('2027-03-20') }),
      item('sooner', { startTime: at('2027-03-11') }),
    ];
    expect(titles(filterClasses(list, {}, now))).toEqual(['sooner', 'later', 'no start']);
  });

  test('filters combine', () => {
    const list = [
      item('Kids Soccer', { ageGroup: 'Kids', categoryId: 3 }),
      item('Adult Soccer', { categoryId: 3 }),
      item('Kids Art', { ageGroup: 'Kids', categoryId: 4 }),
    ];
    expect(titles(filterClasses(list, { q: 'soccer', ageGroup: 'Kids', type: '3' }, now))).toEqual(['Kids Soccer']);
  });
});

describe('filter helpers', () => {
  test('cityOf reads the second-to-last comma piece', () => {
    expect(cityOf('1 Main St, San Francisco, CA 94110')).toBe('San Francisco');
    expect(cityOf('Golden Gate Park')).toBeNull();
    expect(cityOf(null)).toBeNull();
  });

  test('filters round-trip through the URL, empty values dropped', () => {
    const query = classFiltersToQuery({ q: 'yoga', type: '2', date: '', city: 'San Francisco' });
    expect(query).toBe('q=yoga&type=2&city=San+Francisco');
    expect(parseClassFilters(new URLSearchParams(query))).toEqual({ q: 'yoga', type: '2', city: 'San Francisco' });
    expect(hasClassFilters({ lat: '1' })).toBe(false);
    expect(hasClassFilters({ ageGroup: 'Kids' })).toBe(true);
  });
});
