// Google sign-in (issue 3): state and PKCE in a short-lived cookie, the role from the query, a new account or
// the existing one with the same verified email. The real arctic client runs; only Google's token endpoint
// is faked (global fetch for https://oauth2.googleapis.com/token answers from this file).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { createGoogleSignIn } from '../../../api/auth/google';
import { users } from '../../../db/schema';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';
import { register } from './helpers';

interface Claims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

/** What the fake Google knows: codes it issued (with the PKCE challenge they were issued for). */
const issued = new Map<string, { claims: Claims; challenge: string }>();
const tokenRequests: URLSearchParams[] = [];
const realFetch = globalThis.fetch;

function idToken(claims: Claims): string {
  const part = (value: object) => encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(value)));
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: 'https://accounts.google.com', aud: 'test-client', ...claims })}.c2lnbmF0dXJl`;
}

async function fakeTokenEndpoint(request: Request): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  tokenRequests.push(form);
  const grant = issued.get(form.get('code') ?? '');
  const verifier = form.get('code_verifier') ?? '';
  const challenge = encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));
  if (!grant || grant.challenge !== challenge)
    return Response.json({ error: 'invalid_grant', error_description: 'Bad Request' }, { status: 400 });
  issued.delete(form.get('code')!); // codes are single use
  return Response.json({
    access_token: 'ya29.fake',
    expires_in: 3599,
    token_type: 'Bearer',
    scope: 'openid email profile',
    id_token: idToken(grant.claims),
  });
}

let server: TestServer;
beforeAll(async () => {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url === 'https://oauth2.googleapis.com/token') return fakeTokenEndpoint(request);
    return realFetch(input, init);
  }) as typeof fetch;
  server = await startTestServer();
  server.ctx.google = createGoogleSignIn({ clientId: 'test-client', clientSecret: 'test-secret' }, server.url);
}, 30_000);
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.stop();
});

let subCounter = 0;
function googleUser(overrides: Partial<Claims> = {}): Claims {
  subCounter++;
  return {
    sub: `10987654321${subCounter}`,
    email: `g${subCounter}@gmail.test`,
    email_verified: true,
    given_name: 'Gia',
    family_name: 'Green',
    picture: 'https://lh3.googleusercontent.test/a/photo',
    ...overrides,
  };
}

/** Starts at /api/auth/google, "consents" at the fake Google, and returns what the callback would receive. */
async function startSignIn(client: TestClient, query: string, claims: Claims) {
  const start = await client.get(`/api/auth/google${query}`);
  expect(start.status).toBe(302);
  const google = new URL(start.headers.get('location')!);
  const code = `code-${Math.random().toString(36).slice(2)}`;
  issued.set(code, { claims, challenge: google.searchParams.get('code_challenge')! });
  return { start, google, code, state: google.searchParams.get('state')! };
}

describe('starting Google sign-in', () => {
  test('redirects to Google with state, an S256 PKCE challenge, our callback and the openid email profile scopes', async () => {
    const { start, google } = await startSignIn(server.client(), '?role=coach', googleUser());
    expect(google.origin).toBe('https://accounts.google.com');
    expect(google.searchParams.get('client_id')).toBe('test-client');
    expect(google.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/google/callback`);
    expect(google.searchParams.get('code_challenge_method')).toBe('S256');
    expect(google.searchParams.get('scope')!.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(google.searchParams.get('state')!.length).toBeGreaterThanOrEqual(20);
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith('fogline_oauth='))!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/auth/google');
    expect(cookie).toContain('Max-Age=600');
  });

  test('a role other than customer or coach is refused with 400', async () => {
    const res = await server.client().get('/api/auth/google?role=admin');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select a role');
  });
});

describe('the callback', () => {
  test('creates a new coach account (awaiting approval) when the query said role=coach', async () => {
    const client = server.client();
    const claims = googleUser();
    const { code, state } = await startSignIn(client, '?role=coach&redirect=%2Fprofile', claims);
    const res = await client.get(`/api/auth/google/callback?code=${code}&state=${state}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/profile');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('fogline_oauth=;') && c.includes('Max-Age=0'))).toBe(true);
    const me = await client.get('/api/user');
    expect(me.body).toMatchObject({
      email: claims.email,
      firstName: 'Gia',
      lastName: 'Green',
      role: 'coach',
      isApproved: false,
      hasPassword: false,
      profileImage: claims.picture,
    });
    // the verifier Google received is the one behind the challenge (the fake refuses otherwise)
    expect(tokenRequests.at(-1)!.get('code_verifier')!.length).toBeGreaterThanOrEqual(43);
  });

  test('without a role a new account is a customer, and goes home', async () => {
    const client = server.client();
    const { code, state } = await startSignIn(client, '', googleUser());
    const res = await client.get(`/api/auth/google/callback?code=${code}&state=${state}`);
    expect(res.headers.get('location')).toBe('/');
    expect((await client.get('/api/user')).body).toMatchObject({ role: 'customer', isApproved: true });
  });

  test('signs in to the existing account with the same verified email (its role unchanged)', async () => {
    const person = await register(server);
    const client = server.client();
    const { code, state } = await startSignIn(client, '?role=coach', googleUser({ email: person.email.toUpperCase() }));
    await client.get(`/api/auth/google/callback?code=${code}&state=${state}`);
    const me = await client.get('/api/user');
    expect(me.body).toMatchObject({ id: person.id, role: 'customer', hasPassword: true });
  });

  test('a returning Google user is recognised by their Google account even after changing their email there', async () => {
    const claims = googleUser();
    const first = server.client();
    let flow = await startSignIn(first, '', claims);
    await first.get(`/api/auth/google/callback?code=${flow.code}&state=${flow.state}`);
    const id = (await first.get('/api/user')).body.id;
    const again = server.client();
    flow = await startSignIn(again, '', { ...claims, email: 'renamed@gmail.test' });
    await again.get(`/api/auth/google/callback?code=${flow.code}&state=${flow.state}`);
    expect((await again.get('/api/user')).body.id).toBe(id);
  });

  test('an unverified Google email creates nothing and returns to /auth with a message', async () => {
    const client = server.client();
    const claims = googleUser({ email_verified: false });
    const { code, state } = await startSignIn(client, '', claims);
    const res = await client.get(`/api/auth/google/callback?code=${code}&state=${state}`);
    expect(res.headers.get('location')).toBe('/auth?error=google-unverified');
    expect(await server.ctx.db.select().from(users).where(eq(users.email, claims.email)).get()).toBeUndefined();
  });

  test('a state that does not match the cookie is a 400 and signs no one in', async () => {
    const client = server.client();
    const { code } = await startSignIn(client, '', googleUser());
    const res = await client.get(`/api/auth/google/callback?code=${code}&state=forged-state`);
    expect(res.status).toBe(400);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  test('a callback without the state cookie (another browser) is a 400', async () => {
    const { code, state } = await startSignIn(server.client(), '', googleUser());
    const res = await server.client().get(`/api/auth/google/callback?code=${code}&state=${state}`);
    expect(res.status).toBe(400);
  });

  test('a code Google refuses is a 400', async () => {
    const client = server.client();
    const { state } = await startSignIn(client, '', googleUser());
    const res = await client.get(`/api/auth/google/callback?code=made-up-code&state=${state}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Google did not accept the sign-in code.');
  });

  test('declining at Google returns to /auth', async () => {
    const client = server.client();
    const { state } = await startSignIn(client, '', googleUser());
    const res = await client.get(`/api/auth/google/callback?error=access_denied&state=${state}`);
    expect(res.headers.get('location')).toBe('/auth?error=google-cancelled');
  });

  test('a redirect to another site is ignored: the user lands on /', async () => {
    const client = server.client();
    const { code, state } = await startSignIn(client, '?redirect=https%3A%2F%2Fevil.example%2F', googleUser());
    const res = await client.get(`/api/auth/google/callback?code=${code}&state=${state}`);
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('when Google is not configured', () => {
  test('/api/auth/google returns the browser to /auth?error=google-not-configured', async () => {
    const plain = await startTestServer({ google: null });
    try {
      const res = await plain.client().get('/api/auth/google?role=customer');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth?error=google-not-configured');
      expect((await plain.client().get('/api/auth/google/callback?code=x&state=y')).headers.get('location')).toBe(
        '/auth?error=google-not-configured',
      );
    } finally {
      await plain.stop();
    }
  });
});
