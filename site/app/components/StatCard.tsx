// A summary figure card: label, big number, optional hint (customers, blog management).
export default function StatCard({
  label,
  value,
  hint,
  tone = 'default',
}: {
  label: string;
  value: number | string;
  hint?: string;
  tone?: 'default' | 'success' | 'warning' | 'muted';
}) {
  const accents = {
    default: 'text-brand-700 dark:text-brand-300',
    success: 'text-emerald-700 dark:text-emerald-300',
    warning: 'text-amber-700 dark:text-amber-300',
    muted: 'text-fog-600 dark:text-fog-300',
  };
  return (
    <div className="card p-5">
      <p className="text-sm font-medium text-fog-600 dark:text-fog-400">{label}</p>
      <p className={`mt-1 text-2xl font-bold tabular-nums sm:text-3xl ${accents[tone]}`}>{value}</p>
      {hint && <p className="mt-1 text-xs text-fog-600 dark:text-fog-400">{hint}</p>}
    </div>
  );
}
