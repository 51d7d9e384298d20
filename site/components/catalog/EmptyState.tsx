// The one empty / error panel: a title, a hint and an optional action link.
import { tagReact } from '../../lib/astro-react';
export function EmptyState({
  title,
  hint,
  action,
  tone = 'empty',
}: {
  title: string;
  hint?: string;
  action?: { href: string; label: string };
  tone?: 'empty' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={`rounded-[var(--radius-card)] border border-dashed px-6 py-10 text-center ${tone === 'error' ? 'border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40' : 'border-fog-300 bg-white dark:border-fog-700 dark:bg-fog-900'}`}
    >
      <p className={`text-lg font-semibold ${tone === 'error' ? 'text-red-800 dark:text-red-300' : 'text-fog-900 dark:text-fog-100'}`}>
        {title}
      </p>
      {hint && <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">{hint}</p>}
      {action && (
        <a href={action.href} className="btn-primary mt-5">
          {action.label}
        </a>
      )}
    </div>
  );
}

tagReact(EmptyState);
