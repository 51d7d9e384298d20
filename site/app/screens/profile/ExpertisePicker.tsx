// Areas of expertise: the categories as removable chips, plus a list to add one more.
import { useId } from 'react';

export interface CategoryOption {
  id: number;
  name: string;
}

export function ExpertisePicker({
  categories,
  value,
  onChange,
  error,
}: {
  categories: CategoryOption[] | null;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const id = useId();
  const chosen = value.map((categoryId) => categories?.find((c) => c.id === categoryId)).filter((c): c is CategoryOption => Boolean(c));
  const remaining = categories?.filter((c) => !value.includes(c.id)) ?? [];
  return (
    <div>
      <label htmlFor={id} className="label">
        Areas of expertise
      </label>
      {chosen.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Chosen areas of expertise">
          {chosen.map((category) => (
            <li
              key={category.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm font-medium text-brand-800 dark:bg-brand-900 dark:text-brand-200"
            >
              {category.name}
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== category.id))}
                aria-label={`Remove ${category.name}`}
                className="flex h-6 w-6 items-center justify-center rounded-full hover:bg-brand-100 dark:hover:bg-brand-800"
              >
                <svg
                  className="h-3.5 w-3.5"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  aria-hidden="true"
                >
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <select
        id={id}
        name="areasOfExpertise"
        className="input"
        value=""
        disabled={!categories || remaining.length === 0}
        aria-invalid={Boolean(error)}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (next) onChange([...value, next]);
        }}
      >
        <option value="">
          {categories === null ? 'Loading categories...' : remaining.length ? 'Add an area of expertise' : 'All categories chosen'}
        </option>
        {remaining.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
