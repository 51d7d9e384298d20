import { describe, expect, spyOn, test } from 'bun:test';
import type { AppContext } from '../context';
import { classPageData, coachPageData, homePageData } from './page-data';

/** A context whose database fails on every read, as when the database is down. */
function failingContext(): AppContext {
  const down = new Proxy(
    {},
    {
      get: () => () => {
        throw new Error('database unavailable');
      },
    },
  );
  return { db: { db: down }, clock: { now: () => new Date('2027-03-01T18:00:00Z') } } as unknown as AppContext;
}

describe('public page data when the database fails (customer-areas §8)', () => {
  test('the class page gets nothing, so it shows Class Not Found instead of an error page', async () => {
    const log = spyOn(console, 'error').mockImplementation(() => {});
    expect(await classPageData(failingContext(), 1)).toBeNull();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  test('the coach profile gets nothing, so it shows Coach Not Found', async () => {
    const log = spyOn(console, 'error').mockImplementation(() => {});
    expect(await coachPageData(failingContext(), 1)).toBeNull();
    log.mockRestore();
  });

  test('each home section fails on its own (null), so the home page shows its error texts', async () => {
    const log = spyOn(console, 'error').mockImplementation(() => {});
    expect(await homePageData(failingContext())).toEqual({ classes: null, coaches: null, categories: null, cities: null });
    log.mockRestore();
  });
});
