// Toasts: one at a time, shown for 5000 ms; errors use the destructive style.
import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success' | 'warning';
}

const TOAST_DURATION_MS = 5000;
export const $toast = atom<Toast | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function toast(input: Omit<Toast, 'id'>): void {
  clearTimeout(timer);
  const current = { ...input, id: nextId++ };
  $toast.set(current);
  timer = setTimeout(() => {
    if ($toast.get()?.id === current.id) $toast.set(null);
  }, TOAST_DURATION_MS);
}

export function dismissToast(): void {
  clearTimeout(timer);
  $toast.set(null);
}
