// "Show more" for lists the server renders a first page of (a coach's classes and reviews): the next page
// comes from the API and is appended below, so nothing above it moves; a failure says so beside the button.
import { useState } from 'react';

export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return (await response.json()) as T;
}

export function useMore<T extends { id: number }>(first: T[], total: number, fetchPage: (offset: number) => Promise<T[]>) {
  const [items, setItems] = useState(first);
  const [status, setStatus] = useState<'ready' | 'loading' | 'error'>('ready');
  async function more() {
    setStatus('loading');
    try {
      const page = await fetchPage(items.length);
      setItems((current) => [...current, ...page.filter((item) => !current.some((c) => c.id === item.id))]);
      setStatus('ready');
    } catch (error) {
      console.error(error);
      setStatus('error');
    }
  }
  return { items, status, hasMore: items.length < total, more };
}

export function MoreButton({ label, status, onClick, controls }: { label: string; status: 'ready' | 'loading' | 'error'; onClick: () => void; controls?: string }) {
  return (
    <div className="mt-4 text-center">
      {status === 'error' && <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">Something went wrong. Please try again.</p>}
      <button type="button" className="btn-secondary" aria-controls={controls} onClick={onClick} disabled={status === 'loading'}>
        {status === 'loading' ? 'Loading...' : label}
      </button>
    </div>
  );
}
