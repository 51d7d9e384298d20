// The loading spinner (protected routes while the session loads, screens while data loads).
export default function Spinner({ label = 'Loading...', className = '' }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={`flex min-h-[40vh] flex-col items-center justify-center gap-3 text-fog-600 dark:text-fog-400 ${className}`}
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden="true" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
