// The roster's per-attendee control: two thumb-sized buttons side by side (Checked in, No-show); the lit one is
// pressed, and tapping it again clears the mark.
export type Mark = 'present' | 'no_show' | null;

const BASE =
  'flex min-h-14 flex-1 items-center justify-center rounded-xl border-2 px-3 text-base font-semibold transition-colors disabled:opacity-50';

export function AttendanceToggle({
  name,
  value,
  disabled,
  onChange,
}: {
  name: string;
  value: Mark;
  disabled: boolean;
  onChange: (value: Mark) => void;
}) {
  const button = (mark: Exclude<Mark, null>, label: string, on: string) => (
    <button
      type="button"
      aria-pressed={value === mark}
      aria-label={`${label}: ${name}`}
      disabled={disabled}
      onClick={() => onChange(value === mark ? null : mark)}
      className={`${BASE} ${value === mark ? on : 'border-fog-300 bg-white text-fog-800 dark:border-fog-700 dark:bg-fog-900 dark:text-fog-100'}`}
    >
      {value === mark ? '✓ ' : ''}
      {label}
    </button>
  );
  return (
    <div className="mt-3 flex gap-3" role="group" aria-label={`Attendance of ${name}`}>
      {button('present', 'Checked in', 'border-brand-700 bg-brand-700 text-white')}
      {button('no_show', 'No-show', 'border-red-700 bg-red-700 text-white')}
    </div>
  );
}
