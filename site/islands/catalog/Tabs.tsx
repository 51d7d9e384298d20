// Accessible tabs (WAI-ARIA tabs pattern: arrow keys, Home/End); only the active panel is mounted, so a
// map in a hidden tab never loads.
import { type ReactNode, useId, useRef, useState } from 'react';

interface TabSpec {
  id: string;
  label: string;
  content: () => ReactNode;
}

export function Tabs({ tabs, initial, label }: { tabs: TabSpec[]; initial?: string; label: string }) {
  const [active, setActive] = useState(initial ?? tabs[0]!.id);
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((t) => t.id === active) ?? tabs[0]!;

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(tabs[next]!.id);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto rounded-full bg-fog-100 p-1 dark:bg-fog-800">
        {tabs.map((tab, index) => {
          const selected = tab.id === current.id;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              role="tab"
              type="button"
              id={`${base}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={`flex-1 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold transition-colors ${selected ? 'bg-white text-brand-800 shadow-sm dark:bg-fog-950 dark:text-brand-200' : 'text-fog-700 hover:text-fog-900 dark:text-fog-300 dark:hover:text-white'}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${current.id}`}
        aria-labelledby={`${base}-tab-${current.id}`}
        tabIndex={0}
        className="mt-5 focus-visible:outline-offset-4"
      >
        {current.content()}
      </div>
    </div>
  );
}
