// Search boxes that ask the server: the text once the user paused typing, so a list is not asked for on every key.
import { useEffect, useState } from 'react';

export function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
