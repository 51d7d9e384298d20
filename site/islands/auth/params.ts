// The /auth page's query parameters (customer-areas §2): tab, register, role, token, redirect, plus the
// error code the Google sign-in sends people back with.
type AuthTab = 'login' | 'register' | 'reset';
type AuthRole = 'customer' | 'coach';

export interface AuthParams {
  tab: AuthTab;
  role: AuthRole;
  token: string | null;
  redirect: string | null;
  notice: string | null;
}

const GOOGLE_NOTICES: Record<string, string> = {
  'google-not-configured': 'Google sign-in is not configured. Please sign in with your email and password.',
  'google-cancelled': 'Google sign-in was cancelled.',
  'google-unverified': 'Your Google account has no verified email address. Please sign in with your email and password.',
};

export function readAuthParams(url: URL): AuthParams {
  const query = url.searchParams;
  const tabParam = query.get('tab');
  const tab: AuthTab =
    tabParam === 'reset' ? 'reset' : tabParam === 'register' || (query.has('register') && tabParam !== 'login') ? 'register' : 'login';
  const error = query.get('error');
  return {
    tab,
    role: query.get('role') === 'coach' ? 'coach' : 'customer',
    token: query.get('token'),
    redirect: query.get('redirect'),
    notice: error ? (GOOGLE_NOTICES[error] ?? 'Sign-in did not complete. Please try again.') : null,
  };
}
