/** A PDF fetched with the session's token, as an object URL the page may frame (revoked when replaced or unmounted). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { problemText } from '../api/problem-alert.ts';
import { ApiProblem } from '../api/http.ts';

export interface PdfState {
  url?: string;
  error?: string;
  /**
   * The URL of the PDF shown, already in the render that first shows it (state reaches a render's
   * children before any effect of that render runs; commands asked while rendering read this).
   */
  current: () => string | undefined;
}

/** Loads `load()` whenever it or `key` changes (and `enabled`); the previous PDF stays shown until the next is ready. */
export function usePdfUrl(load: () => Promise<Blob>, key: string, enabled = true): PdfState {
  const [state, setState] = useState<Omit<PdfState, 'current'>>({});
  const current = useRef<string | undefined>(undefined);
  const shown = useCallback(() => current.current, []);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    load().then(
      (blob) => {
        if (cancelled) return;
        const url = URL.createObjectURL(blob instanceof Blob ? blob : new Blob([blob], { type: 'application/pdf' }));
        if (current.current) URL.revokeObjectURL(current.current);
        current.current = url;
        setState({ url });
      },
      (error: unknown) => {
        if (cancelled) return;
        setState((previous) => ({ ...previous, error: error instanceof ApiProblem ? problemText(error) : String(error) }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [load, key, enabled]);
  useEffect(() => () => {
    if (current.current) URL.revokeObjectURL(current.current);
  }, []);
  return { ...state, current: shown };
}
