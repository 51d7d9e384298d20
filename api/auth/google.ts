// Google sign-in behind a small interface on the AppContext: the real client (arctic, OpenID Connect with
// PKCE) when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, or a fake in tests, or null (not configured).
import { decodeIdToken, Google, OAuth2RequestError } from 'arctic';

export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  picture: string | null;
}

export interface GoogleSignIn {
  createAuthorizationURL(state: string, codeVerifier: string): URL;
  /** Exchanges the code at Google's token endpoint; throws GoogleCodeError when Google refuses it. */
  validateCode(code: string, codeVerifier: string): Promise<GoogleProfile>;
}

/** Google refused the authorization code (expired, reused, or forged). */
export class GoogleCodeError extends Error {
  constructor(message = 'Google did not accept the sign-in code.') {
    super(message);
    this.name = 'GoogleCodeError';
  }
}

interface IdTokenClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

export function profileFromClaims(claims: IdTokenClaims): GoogleProfile {
  if (!claims.sub || !claims.email) throw new GoogleCodeError('Google did not share an email address.');
  const [first, ...rest] = (claims.name ?? '').split(' ');
  return {
    sub: claims.sub,
    email: claims.email,
    emailVerified: claims.email_verified === true,
    givenName: claims.given_name ?? first ?? '',
    familyName: claims.family_name ?? rest.join(' '),
    picture: claims.picture ?? null,
  };
}

export function createGoogleSignIn(settings: { clientId: string; clientSecret: string } | null, publicUrl: string): GoogleSignIn | null {
  if (!settings) return null;
  const google = new Google(settings.clientId, settings.clientSecret, `${publicUrl}/api/auth/google/callback`);
  return {
    createAuthorizationURL: (state, codeVerifier) => google.createAuthorizationURL(state, codeVerifier, ['openid', 'profile', 'email']),
    async validateCode(code, codeVerifier) {
      try {
        const tokens = await google.validateAuthorizationCode(code, codeVerifier);
        // The ID token comes straight from Google's token endpoint over TLS, so its claims can be read as is.
        return profileFromClaims(decodeIdToken(tokens.idToken()) as IdTokenClaims);
      } catch (error) {
        if (error instanceof OAuth2RequestError) throw new GoogleCodeError();
        throw error;
      }
    },
  };
}
