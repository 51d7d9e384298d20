// The signed-in user, shared by every island and the signed-in app (nanostores). null = signed out.
import { atom } from 'nanostores';
import type { CurrentUser } from '../../../api/auth/public-user';
import { api, unwrap } from '../api';
import { ApiError } from '../api-error';

export type { CurrentUser };

/** undefined while the session is loading, null when signed out. */
export const $user = atom<CurrentUser | null | undefined>(undefined);

export async function refreshUser(): Promise<CurrentUser | null> {
  try {
    const user = await unwrap(api.user.get());
    $user.set(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      $user.set(null);
      return null;
    }
    throw error;
  }
}

export async function signOut(): Promise<void> {
  await unwrap(api.logout.post());
  $user.set(null);
  window.location.assign('/');
}
