// Pieces both class pages show: Class Not Found, and the series scope choice for one session of a series.
import type { Scope } from '../../../../api/classes/model';

export function ClassNotFound() {
  return (
    <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
      <div className="card w-full max-w-md p-8 text-center">
        <h1 className="text-2xl font-bold">Class Not Found</h1>
        <p className="mt-2 text-fog-600 dark:text-fog-400">The class you're looking for doesn't exist or has been deleted.</p>
        <a href="/my-classes" className="btn-primary mt-6">
          Back to My Classes
        </a>
      </div>
    </div>
  );
}

/** Changing one session of a series: this session only, or this and the following ones. */
export function ScopeChoice({ scope, onChange }: { scope: Scope; onChange: (scope: Scope) => void }) {
  return (
    <fieldset className="rounded-xl border border-fog-200 p-4 dark:border-fog-700">
      {/* Floated, so a legend that wraps on a phone sits inside the box instead of across its border. */}
      <legend className="float-left w-full text-sm font-semibold">This class is part of a recurring series. Apply changes to:</legend>
      <div className="clear-left flex flex-col gap-2 pt-2 sm:flex-row sm:gap-6">
        {(
          [
            ['this', 'This class only'],
            ['following', 'This and following classes'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="scope"
              value={value}
              className="h-4 w-4 accent-brand-600"
              checked={scope === value}
              onChange={() => onChange(value)}
            />
            {label}
          </label>
        ))}
      </div>
      {scope === 'following' && (
        <p className="mt-2 text-xs text-fog-600 dark:text-fog-400">
          Later sessions keep their own dates and take the new time of day. Bookings stay with their sessions.
        </p>
      )}
    </fieldset>
  );
}

const SERIES_NOTE =
  'This is a recurring series. Your changes apply to every session that has not started yet; each keeps its date and bookings.';

export function SeriesNote() {
  return (
    <p className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-900/30 dark:text-brand-100">
      {SERIES_NOTE}
    </p>
  );
}
