// The booking card's "Spots" counter (− n +, within 1 .. max), shared by booking and Join Waitlist.
import { useId } from 'react';
import { Icon } from '../catalog/icons';

export function SpotCounter({ quantity, max, onChange }: { quantity: number; max: number; onChange: (next: number) => void }) {
  const labelId = useId();
  return (
    <div className="mt-5 flex items-center justify-between">
      <span id={labelId} className="font-medium">
        Spots
      </span>
      <div className="flex items-center gap-3" role="group" aria-labelledby={labelId}>
        <button
          type="button"
          className="btn-secondary h-10 w-10 p-0"
          aria-label="Remove a spot"
          disabled={quantity <= 1}
          onClick={() => onChange(Math.max(1, quantity - 1))}
        >
          <Icon name="minus" className="h-4 w-4" />
        </button>
        <output aria-live="polite" aria-label="Number of spots" className="w-8 text-center text-lg font-semibold tabular-nums">
          {quantity}
        </output>
        <button
          type="button"
          className="btn-secondary h-10 w-10 p-0"
          aria-label="Add a spot"
          disabled={quantity >= max}
          onClick={() => onChange(Math.min(max, quantity + 1))}
        >
          <Icon name="plus" className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
