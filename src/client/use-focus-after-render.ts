import { useCallback, useEffect, useRef } from 'react';

/** Where the focus goes: the element, once drawn (null or undefined: not yet). */
export type FocusTarget = () => HTMLElement | null | undefined;

/**
 * `focusAfterRender(() => element)`: the focus moves there once a render has drawn it. A button
 * disabled while its request runs drops the focus to <body>; what to read or use next (a field, a
 * result) appears only with the answer, after the handler: the next render that draws it focuses it.
 */
export function useFocusAfterRender(): (target: FocusTarget) => void {
  const pendingRef = useRef<FocusTarget | undefined>(undefined);
  useEffect(() => {
    const element = pendingRef.current?.();
    if (!element) return;
    pendingRef.current = undefined;
    element.focus();
  });
  return useCallback((target: FocusTarget) => {
    pendingRef.current = target;
  }, []);
}
