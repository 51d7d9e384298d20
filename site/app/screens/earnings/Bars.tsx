// A stacked bar read at a glance: what the coach kept (net), the platform's fee and what was refunded, out of
// the gross, scaled to the largest line shown. Plain inline SVG; the figures are in the text beside it.
export interface BarFigures {
  gross: number;
  refunds: number;
  platformFees: number;
  net: number;
}

export default function Bars({ figures, max }: { figures: BarFigures; max: number }) {
  const scale = max > 0 ? 100 / max : 0;
  const net = figures.net * scale;
  const fees = figures.platformFees * scale;
  const refunds = figures.refunds * scale;
  return (
    <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full overflow-visible" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="100" height="10" rx="2" className="fill-fog-100 dark:fill-fog-800" />
      <rect x="0" y="0" width={net} height="10" className="fill-brand-600 dark:fill-brand-400" />
      <rect x={net} y="0" width={fees} height="10" className="fill-fog-400 dark:fill-fog-500" />
      <rect x={net + fees} y="0" width={refunds} height="10" className="fill-amber-400 dark:fill-amber-500" />
    </svg>
  );
}

export function BarsLegend() {
  const item = (className: string, label: string) => (
    <span className="inline-flex items-center gap-1.5">
      <span className={`inline-block h-2.5 w-2.5 rounded-sm ${className}`} aria-hidden="true" />
      {label}
    </span>
  );
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fog-600 dark:text-fog-400">
      {item('bg-brand-600 dark:bg-brand-400', 'Your earnings (85%)')}
      {item('bg-fog-400 dark:bg-fog-500', 'Platform fee (15%)')}
      {item('bg-amber-400 dark:bg-amber-500', 'Refunded')}
    </p>
  );
}
