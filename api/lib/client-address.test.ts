// The client's address as TRUST_PROXY says, and the key per-address limits count under (IPv6 by /64).
import { describe, expect, test } from 'bun:test';
import { addressKey, resolveClientAddress } from './client-address';

const headers = (values: Record<string, string>) => new Headers(values);

describe('resolveClientAddress', () => {
  test('none: the socket address, whatever the headers say', () => {
    expect(resolveClientAddress(headers({ 'x-forwarded-for': '1.2.3.4', 'fly-client-ip': '5.6.7.8' }), '10.0.0.2', 'none')).toBe(
      '10.0.0.2',
    );
  });

  test('fly: only Fly-Client-IP; the socket when it is missing or not an address', () => {
    expect(resolveClientAddress(headers({ 'fly-client-ip': '5.6.7.8', 'x-forwarded-for': '1.2.3.4' }), 'fdaa:0:1::3', 'fly')).toBe(
      '5.6.7.8',
    );
    expect(resolveClientAddress(headers({ 'x-forwarded-for': '1.2.3.4' }), 'fdaa:0:1::3', 'fly')).toBe('fdaa:0:1::3');
    expect(resolveClientAddress(headers({ 'fly-client-ip': '<script>' }), '10.0.0.2', 'fly')).toBe('10.0.0.2');
  });

  test('xff-last: the right-most entry that is not a private or loopback hop', () => {
    expect(resolveClientAddress(headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5' }), '127.0.0.1', 'xff-last')).toBe('203.0.113.5');
    expect(
      resolveClientAddress(headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.1.2.3, 172.17.0.1' }), '127.0.0.1', 'xff-last'),
    ).toBe('203.0.113.5');
    expect(resolveClientAddress(headers({ 'x-forwarded-for': '[2001:db8::1]:443' }), '127.0.0.1', 'xff-last')).toBe('2001:db8::1');
    expect(resolveClientAddress(headers({ 'x-forwarded-for': '203.0.113.5:5123' }), '127.0.0.1', 'xff-last')).toBe('203.0.113.5');
    // Only private hops: the client is on a private network itself, the left-most is the furthest one seen.
    expect(resolveClientAddress(headers({ 'x-forwarded-for': '192.168.1.20, 10.0.0.1' }), '127.0.0.1', 'xff-last')).toBe('192.168.1.20');
  });

  test("xff-last: a missing header is the socket; malformed entries left of the proxy's own are ignored", () => {
    expect(resolveClientAddress(headers({}), '127.0.0.1', 'xff-last')).toBe('127.0.0.1');
    expect(resolveClientAddress(headers({ 'x-forwarded-for': 'evil, 203.0.113.5' }), '127.0.0.1', 'xff-last')).toBe('203.0.113.5');
    expect(resolveClientAddress(headers({ 'x-forwarded-for': '203.0.113.9, evil, 10.0.0.4' }), '127.0.0.1', 'xff-last')).toBe('10.0.0.4');
  });
});

describe('addressKey', () => {
  test('IPv4 as is, IPv4-mapped IPv6 as IPv4', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  test('IPv6 by its /64, however it is written', () => {
    expect(addressKey('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:0db8:00aa:00bb:1111:2222:3333:4444')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
