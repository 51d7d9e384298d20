// The recurrence dialog of the class form: type (day, week, month), interval 1-99, weekday toggles for weekly,
// end by date (not in the past) or after 1-999 sessions (default 10).
import { useEffect, useState } from 'react';
import { CLASS_MESSAGES } from '../../../../api/classes/model';
import Modal from '../../components/Modal';

export interface Recurrence {
  type: 'daily' | 'weekly' | 'monthly';
  interval: number;
  daysOfWeek: number[];
  endType: 'date' | 'count';
  endDate: string;
  endCount: number;
}

const UNITS = { daily: ['day', 'days'], weekly: ['week', 'weeks'], monthly: ['month', 'months'] } as const;
const DAY_LETTERS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Every week on Sun, Wed · 10 sessions" */
export function describeRecurrence(r: Recurrence): string {
  const unit = UNITS[r.type][r.interval === 1 ? 0 : 1];
  const every = r.interval === 1 ? `Every ${unit}` : `Every ${r.interval} ${unit}`;
  const days =
    r.type === 'weekly' && r.daysOfWeek.length
      ? ` on ${[...r.daysOfWeek]
          .sort()
          .map((d) => SHORT[d])
          .join(', ')}`
      : '';
  const end = r.endType === 'count' ? `${r.endCount} ${r.endCount === 1 ? 'session' : 'sessions'}` : `until ${r.endDate}`;
  return `${every}${days} · ${end}`;
}

function validateRecurrence(r: Recurrence, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Number.isInteger(r.interval) || r.interval < 1 || r.interval > 99) errors.interval = CLASS_MESSAGES.interval;
  if (r.endType === 'count' && (!Number.isInteger(r.endCount) || r.endCount < 1 || r.endCount > 999))
    errors.endCount = CLASS_MESSAGES.endCount;
  if (r.endType === 'date') {
    if (!r.endDate) errors.endDate = CLASS_MESSAGES.endDateMissing;
    else if (r.endDate < today) errors.endDate = CLASS_MESSAGES.endDatePast;
  }
  if (r.type === 'weekly' && r.daysOfWeek.length === 0) errors.daysOfWeek = 'Choose at least one day';
  return errors;
}

export default function RecurrenceDialog({
  open,
  initial,
  today,
  onSave,
  onCancel,
}: {
  open: boolean;
  initial: Recurrence;
  today: string;
  onSave: (r: Recurrence) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open) {
      setDraft(initial);
      setErrors({});
    }
  }, [open, initial]);
  const set = <K extends keyof Recurrence>(key: K, value: Recurrence[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const toggleDay = (day: number) =>
    set('daysOfWeek', draft.daysOfWeek.includes(day) ? draft.daysOfWeek.filter((d) => d !== day) : [...draft.daysOfWeek, day]);

  function save() {
    const found = validateRecurrence(draft, today);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(draft);
  }

  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Repeat class"
      size="md"
      actions={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={save}>
            Done
          </button>
        </>
      }
    >
      <div className="space-y-5">
        <div className="grid grid-cols-[auto_6rem_1fr] items-center gap-3">
          <label htmlFor="rec-interval" className="text-sm font-medium">
            Repeat every
          </label>
          <input
            id="rec-interval"
            type="number"
            min={1}
            max={99}
            className="input"
            value={Number.isNaN(draft.interval) ? '' : draft.interval}
            onChange={(e) => set('interval', e.target.value === '' ? NaN : Number(e.target.value))}
            aria-invalid={!!errors.interval}
            aria-describedby={errors.interval ? 'rec-interval-error' : undefined}
          />
          <label htmlFor="rec-type" className="sr-only">
            Repeat unit
          </label>
          <select id="rec-type" className="input" value={draft.type} onChange={(e) => set('type', e.target.value as Recurrence['type'])}>
            <option value="daily">{draft.interval === 1 ? 'day' : 'days'}</option>
            <option value="weekly">{draft.interval === 1 ? 'week' : 'weeks'}</option>
            <option value="monthly">{draft.interval === 1 ? 'month' : 'months'}</option>
          </select>
        </div>
        {errors.interval && (
          <p id="rec-interval-error" className="field-error -mt-3">
            {errors.interval}
          </p>
        )}

        {draft.type === 'weekly' && (
          <fieldset>
            <legend className="label">Repeat on</legend>
            <div className="flex gap-1.5">
              {DAY_LETTERS.map((letter, day) => (
                <button
                  key={day}
                  type="button"
                  aria-pressed={draft.daysOfWeek.includes(day)}
                  aria-label={DAY_NAMES[day]}
                  onClick={() => toggleDay(day)}
                  className={`h-10 w-10 rounded-full text-sm font-semibold transition-colors ${draft.daysOfWeek.includes(day) ? 'bg-brand-600 text-white dark:bg-brand-500 dark:text-fog-950' : 'bg-fog-100 text-fog-700 hover:bg-fog-200 dark:bg-fog-800 dark:text-fog-200'}`}
                >
                  {letter}
                </button>
              ))}
            </div>
            {errors.daysOfWeek && <p className="field-error">{errors.daysOfWeek}</p>}
          </fieldset>
        )}

        <fieldset className="space-y-3">
          <legend className="label">Ends</legend>
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="rec-end"
                className="h-4 w-4 accent-brand-600"
                checked={draft.endType === 'count'}
                onChange={() => set('endType', 'count')}
              />
              After
            </label>
            <label htmlFor="rec-count" className="sr-only">
              Number of sessions
            </label>
            <input
              id="rec-count"
              type="number"
              min={1}
              max={999}
              className="input w-24"
              disabled={draft.endType !== 'count'}
              value={Number.isNaN(draft.endCount) ? '' : draft.endCount}
              onChange={(e) => set('endCount', e.target.value === '' ? NaN : Number(e.target.value))}
              aria-invalid={!!errors.endCount}
            />
            <span className="text-sm">sessions</span>
          </div>
          {errors.endCount && <p className="field-error">{errors.endCount}</p>}
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="rec-end"
                className="h-4 w-4 accent-brand-600"
                checked={draft.endType === 'date'}
                onChange={() => set('endType', 'date')}
              />
              On date
            </label>
            <label htmlFor="rec-end-date" className="sr-only">
              End date
            </label>
            <input
              id="rec-end-date"
              type="date"
              min={today}
              className="input w-44"
              disabled={draft.endType !== 'date'}
              value={draft.endDate}
              onChange={(e) => set('endDate', e.target.value)}
              aria-invalid={!!errors.endDate}
            />
          </div>
          {errors.endDate && <p className="field-error">{errors.endDate}</p>}
        </fieldset>
      </div>
    </Modal>
  );
}
