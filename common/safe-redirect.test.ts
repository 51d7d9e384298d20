// safeRedirectPath: where a sign-in may send the browser (never another site, never back to sign-in).
import { describe, expect, test } from 'bun:test';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  test('keeps a path on this site with its query and hash', () => {
    expect(safeRedirectPath('/bookings')).toBe('/bookings');
    expect(safeRedirectPath('/profile?tab=security#password')).toBe('/profile?tab=security#password');
    expect(safeRedirectPath('/checkout/12?quantity=2')).toBe('/checkout/12?quantity=2');
  });

  test('decodes a parameter that arrives encoded once more', () => {
    expect(safeRedirectPath('%2Fbookings%3Frefresh%3Dtrue')).toBe('/bookings?refresh=true');
  });

  test('refuses other origins, protocol-relative and backslash tricks, and schemes', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      '%2F%2Fevil.example',
      '\t//evil.example',
    ]) {
      expect(safeRedirectPath(target)).toBe('/');
    }
  });

  test('checks the path after dot-segments are removed, so "/.//evil" is not a way around the rule', () => {
    for (const target of [
      '/.//evil.test/phish',
      '/a/..//evil.test',
      '/%2e//evil.test',
      '/./\\evil.test',
      '/.\\/evil.test',
      '%2F.%2F%2Fevil.test',
    ]) {
      expect(safeRedirectPath(target)).toBe('/');
    }
    expect(safeRedirectPath('/a/../bookings')).toBe('/bookings');
  });

  test('never sends a signed-in user back to the sign-in pages', () => {
    for (const target of [
      '/auth',
      '/auth?tab=login',
      '/register?role=coach',
      '/login',
      '/forgot-password',
      '/reset-password?token=x',
      '/auth/',
    ]) {
      expect(safeRedirectPath(target)).toBe('/');
    }
  });

  test('an empty or missing value goes to the fallback', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath('')).toBe('/');
    expect(safeRedirectPath(undefined, '/classes')).toBe('/classes');
  });
});
