import { useState } from 'react';

/**
 * The text of an input that shows a formatted value (a number with the Italian comma, a list joined
 * by commas): while the field has focus it keeps what the user typed ("12," is on the way to "12,5"),
 * otherwise it shows `shown`, so a change from outside (a reload, a live update) appears at once.
 * Derived on render rather than copied by an effect.
 */
export function useTypedText(shown: string) {
  const [typed, setTyped] = useState<string | null>(null);
  return {
    text: typed ?? shown,
    /** What the user typed (or a step with the arrows) while editing. */
    setText: (text: string) => setTyped(text),
    onFocus: () => setTyped(shown),
    onBlur: () => setTyped(null),
  };
}
