/**
 * How long the palette's record search waits after the last key before it asks the API: a typist's
 * next key usually comes sooner, so a word is asked for once, not letter by letter. Its own module so
 * the palette-search benchmark (Node, no client code) can print it.
 */
export const SEARCH_DEBOUNCE_MS = 120;
