/**
 * Key notation of the registry (tinykeys-like): a sequence is presses separated by spaces (`g q`),
 * a press is modifiers and a key joined by `+` (`$mod+k`, `Alt+Shift+ArrowRight`, `?`). `$mod` is
 * Meta on Apple platforms and Control elsewhere. A key matches `event.key` (case-insensitive) or
 * `event.code` (`Digit1`, so Alt+1 works where Alt changes the character).
 */

export interface KeyPress {
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

export type KeySequence = KeyPress[];

const MODIFIERS = ['Control', 'Ctrl', 'Meta', 'Alt', 'Shift', '$mod'] as const;

export function isApplePlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}

export function parsePress(text: string, apple = isApplePlatform()): KeyPress {
  // `+` alone (or a trailing `++`) is the plus key.
  const parts = text === '+' ? ['+'] : text.endsWith('++') ? [...text.slice(0, -2).split('+'), '+'] : text.split('+');
  const key = parts.pop();
  if (!key) throw new Error(`Invalid key "${text}"`);
  const press: KeyPress = { key, ctrl: false, meta: false, alt: false, shift: false };
  for (const modifier of parts) {
    if (!(MODIFIERS as readonly string[]).includes(modifier)) throw new Error(`Unknown modifier "${modifier}" in "${text}"`);
    if (modifier === '$mod') press[apple ? 'meta' : 'ctrl'] = true;
    else if (modifier === 'Control' || modifier === 'Ctrl') press.ctrl = true;
    else press[modifier.toLowerCase() as 'meta' | 'alt' | 'shift'] = true;
  }
  return press;
}

export function parseSequence(text: string, apple = isApplePlatform()): KeySequence {
  const presses = text.trim().split(/\s+/);
  if (presses.length === 0 || presses[0] === '') throw new Error('Empty key sequence');
  return presses.map((press) => parsePress(press, apple));
}

/** One canonical spelling of a sequence, to compare two commands' keys (`Control+Shift+k`). */
export function canonicalSequence(text: string, apple = isApplePlatform()): string {
  return parseSequence(text, apple)
    .map((press) => {
      const mods = [press.ctrl && 'Control', press.meta && 'Meta', press.alt && 'Alt', press.shift && 'Shift'].filter(Boolean);
      return [...mods, press.key.length === 1 ? press.key.toLowerCase() : press.key].join('+');
    })
    .join(' ');
}

/** A printed character other than a letter (`?`, `/`, `1`): Shift is part of how it is typed, not a modifier. */
function isSymbol(key: string): boolean {
  return key.length === 1 && key.toLowerCase() === key.toUpperCase();
}

export interface KeyEventLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export function pressMatches(press: KeyPress, event: KeyEventLike): boolean {
  if (event.ctrlKey !== press.ctrl || event.metaKey !== press.meta || event.altKey !== press.alt) return false;
  const symbol = isSymbol(press.key) && !/^\d$/.test(press.key);
  if (!symbol && event.shiftKey !== press.shift) return false;
  const key = press.key.toLowerCase();
  if (event.key.toLowerCase() === key) return true;
  if (!event.code) return false;
  // Physical key names, so Alt+1 (types "¡" on a Mac) and Alt+w still match.
  return event.code === press.key || event.code === `Key${press.key.toUpperCase()}` || event.code === `Digit${press.key}`;
}

/** Whether the event has a modifier that makes it a command even inside a text field. */
export function hasCommandModifier(event: KeyEventLike): boolean {
  return event.ctrlKey || event.metaKey || event.altKey;
}

/** Keys the browser keeps for itself (DESIGN §4): a command may not take them. */
const RESERVED = ['Control+w', 'Control+t', 'Control+n', 'Control+Tab', 'Control+Shift+Tab', 'Control+Shift+w', 'Control+Shift+t', 'Control+Shift+n', 'Meta+w', 'Meta+t', 'Meta+n', 'Meta+q'];

export function isReservedSequence(text: string): boolean {
  const first = canonicalSequence(text).split(' ')[0]!;
  return RESERVED.includes(first);
}

/** Text of a press for people: `Ctrl+K`, `⌘K`, `G Q`. */
export function formatSequence(text: string, apple = isApplePlatform()): string {
  return parseSequence(text, apple)
    .map((press) => {
      const names: string[] = [];
      if (press.ctrl) names.push(apple ? '⌃' : 'Ctrl');
      if (press.meta) names.push(apple ? '⌘' : 'Meta');
      if (press.alt) names.push(apple ? '⌥' : 'Alt');
      if (press.shift) names.push(apple ? '⇧' : 'Maiusc');
      const key = KEY_NAMES[press.key] ?? (press.key.length === 1 ? press.key.toUpperCase() : press.key);
      names.push(key);
      return names.join(apple ? '' : '+');
    })
    .join(' ');
}

const KEY_NAMES: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Enter: 'Invio',
  Escape: 'Esc',
  ' ': 'Spazio',
  Space: 'Spazio',
  PageUp: 'Pag↑',
  PageDown: 'Pag↓',
  Backspace: '⌫',
  Delete: 'Canc',
  Tab: 'Tab',
  Home: 'Inizio',
  End: 'Fine',
};

/** How the presses typed so far relate to a sequence: all of it, the start of it, or not. */
export function matchSequence(sequence: KeySequence, presses: readonly KeyEventLike[]): 'full' | 'partial' | 'none' {
  if (presses.length > sequence.length) return 'none';
  for (let i = 0; i < presses.length; i++) if (!pressMatches(sequence[i]!, presses[i]!)) return 'none';
  return presses.length === sequence.length ? 'full' : 'partial';
}

/**
 * The `aria-keyshortcuts` value of a one-press key (`Control+S`, `Meta+S` on Apple platforms), or
 * undefined for a sequence (`t z`): ARIA reads a space as "or", so a sequence cannot be said there.
 */
export function ariaKeyShortcuts(text: string, apple = isApplePlatform()): string | undefined {
  const presses = parseSequence(text, apple);
  if (presses.length !== 1) return undefined;
  const press = presses[0]!;
  const mods = [press.ctrl && 'Control', press.meta && 'Meta', press.alt && 'Alt', press.shift && 'Shift'].filter(Boolean);
  const key = press.key === ' ' ? 'Space' : press.key.length === 1 ? press.key.toUpperCase() : press.key;
  return [...mods, key].join('+');
}
