// isValidHost: which Host headers the server reads a request URL from (finding 6 of issue 24).
import { expect, test } from 'bun:test';
import { isValidHost } from './host-header';

test('names, addresses and ports pass', () => {
  for (const host of [
    'localhost',
    'localhost:4321',
    '127.0.0.1:4321',
    'fogline.fly.dev',
    'www.fogline.example.',
    '[::1]:4321',
    '[2001:db8::1]',
    'a-b.c-d',
    'fogline_web:4321',
  ])
    expect(isValidHost(host)).toBe(true);
});

test('query or fragment characters, spaces, empty labels and impossible ports do not', () => {
  for (const host of ['x?', 'x#', 'a b', '', 'x:99999', 'x:', '[::1', 'a..b', '-a.b', 'x/y', 'user@x', 'x\\y', '%78'])
    expect(isValidHost(host)).toBe(false);
});
