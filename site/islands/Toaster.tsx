// Renders the one current toast in a polite live region (assertive for errors).
import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from '../lib/stores/toast';

const styles = {
  default: 'border-fog-200 bg-white text-fog-900 dark:border-fog-700 dark:bg-fog-900 dark:text-fog-100',
  success: 'border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  destructive: 'border-red-700 bg-red-700 text-white',
};

export default function Toaster() {
  const toast = useStore($toast);
  return (
    <div
      aria-live={toast?.variant === 'destructive' ? 'assertive' : 'polite'}
      className="pointer-events-none fixed inset-x-0 bottom-20 z-[60] flex justify-center px-4 md:bottom-6 md:justify-end"
    >
      {toast && (
        <div
          role={toast.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
          className={`pointer-events-auto w-full max-w-sm rounded-xl border p-4 shadow-[var(--shadow-pop)] ${styles[toast.variant ?? 'default']}`}
        >
          <div className="flex items-start gap-3">
            <div className="flex-1">
              <p className="text-sm font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
            </div>
            <button
              type="button"
              onClick={dismissToast}
              className="-m-1 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
