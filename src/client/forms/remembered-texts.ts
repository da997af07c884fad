/**
 * SPEC §9 textarea: up to 5 remembered suggestions per field, most recent first, each removable
 * («Rimuovi suggerimento»). Kept in this browser per field path (a note typed on one equipment is
 * offered on the next), never sent to the server.
 */
import { useCallback, useState } from 'react';

export const MAX_SUGGESTIONS = 5;
/** Texts longer than this are not worth offering again. */
const MAX_REMEMBERED_LENGTH = 500;

const storageKey = (path: string) => `textarea-suggestions:${path.replace(/\[\]|\.\d+\./g, '.')}`;

/** The list after `text` was used: first, without its earlier copy, at most MAX_SUGGESTIONS. */
export function rememberText(list: readonly string[], text: string): string[] {
  const value = text.trim();
  if (value === '' || value.length > MAX_REMEMBERED_LENGTH) return [...list];
  return [value, ...list.filter((item) => item !== value)].slice(0, MAX_SUGGESTIONS);
}

function read(path: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(path)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string').slice(0, MAX_SUGGESTIONS) : [];
  } catch {
    return [];
  }
}

function write(path: string, list: readonly string[]): void {
  try {
    localStorage.setItem(storageKey(path), JSON.stringify(list));
  } catch {
    // Storage full or denied: suggestions are a convenience, the field works without them.
  }
}

export function useRememberedTexts(path: string): { suggestions: string[]; remember(text: string): void; remove(text: string): void } {
  const [suggestions, setSuggestions] = useState(() => read(path));
  const remember = useCallback((text: string) => {
    const next = rememberText(read(path), text);
    write(path, next);
    setSuggestions(next);
  }, [path]);
  const remove = useCallback((text: string) => {
    const next = read(path).filter((item) => item !== text);
    write(path, next);
    setSuggestions(next);
  }, [path]);
  return { suggestions, remember, remove };
}
