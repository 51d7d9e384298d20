// A toast that survives a full page load (the class page's free booking goes on to /bookings after 100 ms):
// shown now, kept in sessionStorage, shown again by the next page's app on start.
import { type Toast, toast } from './stores/toast';

const KEY = 'fogline.carried-toast';

export function toastAcrossNavigation(input: Omit<Toast, 'id'>): void {
  toast(input);
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...input, at: Date.now() }));
  } catch {
    /* storage unavailable: the toast just does not follow */
  }
}

export function showCarriedToast(): void {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return;
    sessionStorage.removeItem(KEY);
    const { at, ...input } = JSON.parse(raw) as Omit<Toast, 'id'> & { at: number };
    if (Date.now() - at < 10_000) toast(input);
  } catch {
    /* ignore a malformed entry */
  }
}
