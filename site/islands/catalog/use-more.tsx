// "Show more" for lists the server renders a first page of (a coach's classes and reviews, the coach directory):
// the next page comes from the API and is appended below, so nothing above it moves; `restart` loads the list
// again from its start (a new search); only the latest request's answer is shown; a failure says so beside
// the button.
import { useRef, useState } from 'react';
import type { Page } from '../../lib/api';

type MoreStatus = 'ready' | 'loading' | 'error';

export function useMore<T extends { id: number }>(first: Page<T>, fetchPage: (offset: number) => Promise<Page<T>>) {
  const [list, setList] = useState(first);
  const [status, setStatus] = useState<MoreStatus>('ready');
  const request = useRef(0);

  async function load(offset: number) {
    const ticket = ++request.current;
    setStatus('loading');
    try {
      const page = await fetchPage(offset);
      if (ticket !== request.current) return;
      setList((current) => ({
        total: page.total,
        items: offset ? [...current.items, ...page.items.filter((item) => !current.items.some((c) => c.id === item.id))] : page.items,
      }));
      setStatus('ready');
    } catch (error) {
      console.error(error);
      if (ticket === request.current) setStatus('error');
    }
  }

  return {
    items: list.items,
    total: list.total,
    status,
    hasMore: list.items.length < list.total,
    more: () => load(list.items.length),
    restart: () => load(0),
  };
}

export function MoreButton({
  label,
  status,
  onClick,
  controls,
}: {
  label: string;
  status: MoreStatus;
  onClick: () => void;
  controls?: string;
}) {
  return (
    <div className="mt-4 text-center">
      {status === 'error' && (
        <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
          Something went wrong. Please try again.
        </p>
      )}
      <button type="button" className="btn-secondary" aria-controls={controls} onClick={onClick} disabled={status === 'loading'}>
        {status === 'loading' ? 'Loading...' : label}
      </button>
    </div>
  );
}
