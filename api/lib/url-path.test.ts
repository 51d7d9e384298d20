// The path of a request URL without a URL object: the query and the fragment never belong to it.
import { expect, test } from 'bun:test';
import { pathOf } from './url-path';

test('the path is what follows the host, up to a query or a fragment', () => {
  for (const [url, path] of [
    ['http://localhost:4321/', '/'],
    ['http://localhost:4321', '/'],
    ['http://localhost:4321/classes/12', '/classes/12'],
    ['http://localhost:4321/classes?q=yoga&page=2', '/classes'],
    ['http://localhost:4321/a/b?x=1#y', '/a/b'],
    ['http://localhost:4321/a#y?z', '/a'],
  ] as const)
    expect([url, pathOf(url)]).toEqual([url, path]);
});
