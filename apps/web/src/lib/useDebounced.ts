import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (as-you-type checks). */
export function useDebounced<T>(value: T, delayMs = 500): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
