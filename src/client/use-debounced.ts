import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delay` ms (search boxes query the API after typing pauses). */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
