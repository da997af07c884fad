// @vitest-environment jsdom
// The quotation lines grid's keymap, driven through the app's one key dispatcher (useKeyboardShortcuts
// on window) over the real LinesGrid: every key of the grid's keymap on every cell type (editable text,
// number, product picker, read-only), then the keys of an open cell of each editable type, with the
// outcome each must have (and the shortcuts that must not be reached while a cell is open).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { testIdentity } from '../../../commands/testing.ts';
import type { Command } from '../../../commands/types.ts';
import { buildAbility } from '../../domain/ability.ts';
import { queryClient } from '../api/query-client.ts';
import { addMessages, messages } from '../i18n/index.ts';
import editorMessages from '../i18n/messages/quotation-editor.ts';
import { sessionAtom, type Session } from '../session/session.tsx';
import { useKeyboardShortcuts } from '../shell/keyboard.ts';
import { paletteOpenAtom } from '../shell/ui-state.ts';
import { store } from '../store.ts';
import { registerScopedCommands } from '../workspace/use-scoped-commands.ts';
import { COLUMNS, LinesGrid, type Column, type LinesGridActions } from './lines-grid.tsx';
import { duplicateLine, emptyLine, moveLine, withNumber, type LineDraft } from './lines.ts';

addMessages(editorMessages);

beforeAll(() => {
  // jsdom has no layout: the virtualized grid is given a viewport so that its rows are drawn.
  for (const [name, value] of [['offsetHeight', 600], ['offsetWidth', 1200], ['clientHeight', 600], ['clientWidth', 1200]] as const) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
  HTMLElement.prototype.scrollTo = function scrollTo() {};
});

const session = { identity: testIdentity, ability: buildAbility([{ action: 'manage', subject: 'all' }]) } as unknown as Session;

function productLine(description: string, extra: Partial<LineDraft> = {}): LineDraft {
  return { ...emptyLine('product'), description, quantity: 2, listPrice: 100, unitPrice: 100, discountPercent: 0, costPrice: 60, ...extra };
}

/** Four lines: the one under test is row 1, a product line. */
const initialLines = () => [productLine('Prima'), productLine('Seconda'), { ...emptyLine('section'), description: 'Sezione' }, { ...emptyLine('note'), description: 'Nota' }];

let linesNow: LineDraft[] = [];

function Harness({ locked = false }: { locked?: boolean }) {
  useKeyboardShortcuts();
  const [lines, setLines] = useState<LineDraft[]>(initialLines);
  useLayoutEffect(() => {
    linesNow = lines;
  });
  const handle = useRef<{ editProduct(row: number): void; focus(): void } | null>(null);
  const actions = useMemo<LinesGridActions>(() => ({
    add(kind, after) {
      setLines((current) => [...current.slice(0, after + 1), emptyLine(kind), ...current.slice(after + 1)]);
      if (kind === 'product') handle.current?.editProduct(after + 1);
    },
    duplicate: (row) => setLines((current) => [...current.slice(0, row + 1), duplicateLine(current[row]!), ...current.slice(row + 1)]),
    move: (row, delta) => setLines((current) => moveLine(current, row, delta)),
    remove: (row) => setLines((current) => current.filter((_, i) => i !== row)),
    toggleOptional: (row) => setLines((current) => current.map((line, i) => (i === row ? { ...line, isOptional: !line.isOptional } : line))),
    setNumber: (row, field, value) => setLines((current) => current.map((line, i) => (i === row ? withNumber(line, field, value) : line))),
    setDescription: (row, text) => setLines((current) => current.map((line, i) => (i === row ? { ...line, description: text } : line))),
    chooseProduct: async () => undefined,
  }), []);
  return <LinesGrid lines={lines} actions={actions} locked={locked} canEditPrice showCosts problems={new Map()} handleRef={handle} />;
}

const saved = vi.fn();
const sequence = vi.fn();
const altR = vi.fn();
let unregister: (() => void)[] = [];

function show(locked = false) {
  store.set(sessionAtom, session);
  store.set(paletteOpenAtom, false);
  // What a key must not reach while a cell is open: the record's save is the one allowed ($mod+s), a tab's sequence and an Alt key are not.
  const spies: [string, Command][] = [
    ['form', { id: 'test.save', title: 'Salva', group: 'g', keys: ['$mod+s'], run: () => saved(linesNow.map((line) => line.description)) }],
    ['tab', { id: 'test.sequence', title: 'Sequenza', group: 'g', keys: ['r y'], run: sequence }],
    ['tab', { id: 'test.focusLines', title: 'Alt+R', group: 'g', keys: ['Alt+r'], run: altR }],
  ];
  unregister = spies.map(([scope, command], i) => registerScopedCommands(`spy-${i}`, { scope: scope as 'form' | 'tab', commands: [command], active: true }));
  const view = render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <IntlProvider locale="it" messages={messages}>
          <Harness locked={locked} />
        </IntlProvider>
      </QueryClientProvider>
    </Provider>,
  );
  const grid = view.getByRole('grid');
  return { view, grid };
}

afterEach(() => {
  for (const off of unregister) off();
  cleanup();
  saved.mockReset();
  sequence.mockReset();
  altR.mockReset();
});

interface Press { key: string; ctrlKey?: boolean; shiftKey?: boolean; altKey?: boolean }
const parse = (spec: string): Press => {
  const parts = spec.split('+');
  const key = parts.pop()!;
  return { key, ctrlKey: parts.includes('Ctrl'), shiftKey: parts.includes('Shift'), altKey: parts.includes('Alt') };
};
/** A key pressed where the focus is (as the browser sends it), then the timers it starts. */
async function press(spec: string) {
  const target = document.activeElement ?? document.body;
  await act(async () => {
    fireEvent.keyDown(target, parse(spec));
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}
async function pressSequence(...keys: string[]) {
  for (const key of keys) await press(key);
}

const activeCell = () => {
  const row = document.querySelector('[role=row][data-line] [aria-selected=true]')?.closest('[role=row]');
  const column = document.querySelector('[role=row][data-line] [aria-selected=true]')?.getAttribute('data-column');
  return { row: Number(row?.getAttribute('data-line')), column };
};
const openEditor = () => document.querySelector<HTMLInputElement>('[role=row][data-line] input');
const descriptions = () => linesNow.map((line) => line.description);

/** Focuses the grid on row 1 at `column` (a click picks a cell). */
async function at(grid: HTMLElement, column: Column, row = 1) {
  const cell = document.querySelector(`[role=row][data-line="${row}"] [data-column="${column}"]`)!;
  await act(async () => {
    fireEvent.mouseDown(cell);
  });
  expect(document.activeElement).toBe(grid);
  expect(activeCell()).toEqual({ row, column });
}

/** The cell types the grid has, one column of each on a product line. */
const CELLS: { type: string; column: Column; editor: 'textbox' | 'combobox' | null }[] = [
  { type: 'editable text', column: 'description', editor: 'textbox' },
  { type: 'number', column: 'quantity', editor: 'textbox' },
  { type: 'product picker', column: 'product', editor: 'combobox' },
  { type: 'read-only', column: 'marginPercent', editor: null },
];

const colAt = (column: Column, delta: number) => COLUMNS[COLUMNS.indexOf(column) + delta];

/** Every key of the grid's keymap (commands `quotationLines.*`) and what it does from row 1 of 4 on `column`. */
const GRID_KEYS: { keys: string[]; expect(column: Column, before: string[]): void }[] = [
  { keys: ['ArrowDown'], expect: (column) => expect(activeCell()).toEqual({ row: 2, column }) },
  { keys: ['ArrowUp'], expect: (column) => expect(activeCell()).toEqual({ row: 0, column }) },
  { keys: ['ArrowRight'], expect: (column) => expect(activeCell()).toEqual({ row: 1, column: colAt(column, 1) }) },
  { keys: ['Tab'], expect: (column) => expect(activeCell()).toEqual({ row: 1, column: colAt(column, 1) }) },
  // From the first column ← goes to the previous row's last one.
  { keys: ['ArrowLeft'], expect: (column) => expect(activeCell()).toEqual(column === 'product' ? { row: 0, column: 'supplier' } : { row: 1, column: colAt(column, -1) }) },
  { keys: ['Shift+Tab'], expect: (column) => expect(activeCell()).toEqual(column === 'product' ? { row: 0, column: 'supplier' } : { row: 1, column: colAt(column, -1) }) },
  { keys: ['Home'], expect: (column) => expect(activeCell()).toEqual({ row: 0, column }) },
  { keys: ['End'], expect: (column) => expect(activeCell()).toEqual({ row: 3, column }) },
  ...['Enter', 'F2'].map((key) => ({
    keys: [key],
    expect: (column: Column, before: string[]) => {
      const cell = CELLS.find((c) => c.column === column)!;
      expect(descriptions()).toEqual(before);
      if (cell.editor === null) {
        // A read-only cell has no editor: nothing opens, the cursor stays.
        expect(document.querySelector('[role=row][data-line] input')).toBeNull();
        expect(activeCell()).toEqual({ row: 1, column });
      } else {
        const input = openEditor()!;
        expect(input.getAttribute('role') ?? 'textbox').toBe(cell.editor);
        expect(input.closest('[data-column]')?.getAttribute('data-column')).toBe(column);
        expect(input.closest('[role=row]')?.getAttribute('data-line')).toBe('1');
      }
    },
  })),
  {
    keys: ['Ctrl+Enter'],
    expect: (_column, before) => {
      expect(descriptions()).toEqual([before[0], before[1], '', ...before.slice(2)]);
      expect(linesNow[2]!.kind).toBe('product');
      // The new line's product cell is open.
      expect(openEditor()?.closest('[role=row]')?.getAttribute('data-line')).toBe('2');
      expect(openEditor()?.closest('[data-column]')?.getAttribute('data-column')).toBe('product');
    },
  },
  { keys: ['Ctrl+Shift+Enter'], expect: () => expect(linesNow.map((line) => line.kind)).toEqual(['product', 'product', 'section', 'section', 'note']) },
  { keys: ['Ctrl+Alt+Enter'], expect: () => expect(linesNow.map((line) => line.kind)).toEqual(['product', 'product', 'note', 'section', 'note']) },
  { keys: ['Ctrl+d'], expect: (_column, before) => expect(descriptions()).toEqual([before[0], before[1], before[1], ...before.slice(2)]) },
  { keys: ['Ctrl+ArrowUp'], expect: (column, before) => {
    expect(descriptions()).toEqual([before[1], before[0], ...before.slice(2)]);
    expect(activeCell()).toEqual({ row: 0, column });
  } },
  { keys: ['Ctrl+ArrowDown'], expect: (column, before) => {
    expect(descriptions()).toEqual([before[0], before[2], before[1], before[3]]);
    expect(activeCell()).toEqual({ row: 2, column });
  } },
  { keys: ['Delete'], expect: (_column, before) => expect(descriptions()).toEqual([before[0], ...before.slice(2)]) },
  { keys: ['Ctrl+Shift+O'], expect: () => expect(linesNow.map((line) => line.isOptional)).toEqual([false, true, false, false]) },
];

describe('lines grid keymap, grid focused (no cell open)', () => {
  for (const cell of CELLS) {
    for (const entry of GRID_KEYS) {
      it(`${entry.keys.join(' ')} on a ${cell.type} cell`, async () => {
        const { grid } = show();
        await at(grid, cell.column);
        const before = descriptions();
        await pressSequence(...entry.keys);
        entry.expect(cell.column, before);
        expect(sequence).not.toHaveBeenCalled();
      });
    }
  }

  it('a locked grid moves but edits nothing', async () => {
    const { grid } = show(true);
    await at(grid, 'description');
    const before = descriptions();
    for (const key of ['Enter', 'F2', 'Ctrl+Enter', 'Ctrl+d', 'Delete', 'Ctrl+Shift+O', 'Ctrl+ArrowUp']) await press(key);
    expect(descriptions()).toEqual(before);
    expect(linesNow.map((line) => line.isOptional)).toEqual([false, false, false, false]);
    expect(openEditor()).toBeNull();
    await press('ArrowDown');
    expect(activeCell()).toEqual({ row: 2, column: 'description' });
  });

  it('Enter on the read-only margin, then digits and Ctrl+S: no product picker opened, no line changed', async () => {
    const { grid } = show();
    await at(grid, 'marginPercent');
    const before = linesNow.map((line) => ({ ...line }));
    await pressSequence('Enter', '1', '2', 'Ctrl+s');
    expect(openEditor()).toBeNull();
    expect(linesNow).toEqual(before);
    expect(saved).toHaveBeenCalledOnce();
  });
});

/** The open cell's input, after Enter on `column` of row 1. */
async function editing(column: Column) {
  const { grid } = show();
  await at(grid, column);
  await press('Enter');
  const input = openEditor()!;
  expect(input).not.toBeNull();
  expect(document.activeElement).toBe(input);
  return { grid, input };
}
const type = async (input: HTMLInputElement, text: string) => act(async () => {
  fireEvent.change(input, { target: { value: text } });
});

describe('lines grid keymap, a cell open', () => {
  const TEXT_CELLS: { type: string; column: Column; typed: string; read(line: LineDraft): unknown; value: unknown; original: unknown; next: Column; previous: Column }[] = [
    { type: 'editable text', column: 'description', typed: 'Verifica semestrale', read: (line) => line.description, value: 'Verifica semestrale', original: 'Seconda', next: 'quantity', previous: 'product' },
    { type: 'number', column: 'quantity', typed: '3,5', read: (line) => line.quantity, value: 3.5, original: 2, next: 'listPrice', previous: 'description' },
  ];
  for (const cell of TEXT_CELLS) {
    it(`${cell.type}: Enter keeps what was typed and gives the keys back to the grid`, async () => {
      const { grid, input } = await editing(cell.column);
      await type(input, cell.typed);
      await press('Enter');
      expect(cell.read(linesNow[1]!)).toEqual(cell.value);
      expect(openEditor()).toBeNull();
      expect(document.activeElement).toBe(grid);
    });

    it(`${cell.type}: Esc puts the value back`, async () => {
      const { grid, input } = await editing(cell.column);
      await type(input, cell.typed);
      await press('Escape');
      expect(cell.read(linesNow[1]!)).toEqual(cell.original);
      expect(document.activeElement).toBe(grid);
    });

    it(`${cell.type}: Tab and Shift+Tab keep it and open the next and the previous editable cell`, async () => {
      const { input } = await editing(cell.column);
      await type(input, cell.typed);
      await press('Tab');
      expect(cell.read(linesNow[1]!)).toEqual(cell.value);
      expect(openEditor()?.closest('[data-column]')?.getAttribute('data-column')).toBe(cell.next);
      await press('Shift+Tab');
      expect(openEditor()?.closest('[data-column]')?.getAttribute('data-column')).toBe(cell.column);
      await press('Shift+Tab');
      expect(openEditor()?.closest('[data-column]')?.getAttribute('data-column')).toBe(cell.previous);
    });

    it(`${cell.type}: Ctrl+Enter keeps it and adds a line below, its product cell open`, async () => {
      const { input } = await editing(cell.column);
      await type(input, cell.typed);
      await press('Ctrl+Enter');
      expect(cell.read(linesNow[1]!)).toEqual(cell.value);
      expect(linesNow).toHaveLength(5);
      expect(linesNow[2]!.kind).toBe('product');
      expect(linesNow[2]!.productId).toBeNull();
      expect(openEditor()?.closest('[role=row]')?.getAttribute('data-line')).toBe('2');
      expect(openEditor()?.getAttribute('role')).toBe('combobox');
    });

    it(`${cell.type}: Ctrl+Shift+Enter and Ctrl+Alt+Enter add a section and a note below`, async () => {
      const { grid, input } = await editing(cell.column);
      await type(input, cell.typed);
      await press('Ctrl+Shift+Enter');
      expect(linesNow.map((line) => line.kind)).toEqual(['product', 'product', 'section', 'section', 'note']);
      expect(document.activeElement).toBe(grid);
      expect(activeCell().row).toBe(2);
      await at(grid, cell.column);
      await press('Enter');
      await press('Ctrl+Alt+Enter');
      expect(linesNow.map((line) => line.kind)).toEqual(['product', 'product', 'note', 'section', 'section', 'note']);
    });

    it(`${cell.type}: Ctrl+S keeps what was typed, then saves`, async () => {
      const { input } = await editing(cell.column);
      await type(input, cell.typed);
      await press('Ctrl+s');
      expect(cell.read(linesNow[1]!)).toEqual(cell.value);
      expect(saved).toHaveBeenCalledOnce();
      expect(openEditor()).toBeNull();
    });

    it(`${cell.type}: no other key reaches the grid's or the workspace's shortcuts`, async () => {
      const { input } = await editing(cell.column);
      const before = linesNow.length;
      // A tab's sequence, Alt+R, the palette, the grid's duplicate / remove / optional keys.
      for (const key of ['r', 'y', 'Alt+r', 'Ctrl+k', 'Ctrl+d', 'Delete', 'Ctrl+Shift+O', 'ArrowDown', 'Home', 'End', 'F2']) await press(key);
      expect(sequence).not.toHaveBeenCalled();
      expect(altR).not.toHaveBeenCalled();
      expect(store.get(paletteOpenAtom)).toBe(false);
      expect(linesNow).toHaveLength(before);
      expect(linesNow[1]!.isOptional).toBe(false);
      expect(openEditor()).toBe(input);
      expect(document.activeElement).toBe(input);
    });
  }

  it('number: an invalid number stays open, is not kept and is not saved by Ctrl+S', async () => {
    const { input } = await editing('quantity');
    await type(input, '2,x');
    await press('Enter');
    expect(openEditor()).toBe(input);
    await press('Ctrl+s');
    expect(saved).not.toHaveBeenCalled();
    await press('Ctrl+Enter');
    expect(linesNow).toHaveLength(4);
    expect(linesNow[1]!.quantity).toBe(2);
  });

  it('product picker: Ctrl+Enter leaves it and adds a line below; Esc leaves it; no other key reaches the shortcuts', async () => {
    const { grid, input } = await editing('product');
    expect(input.getAttribute('role')).toBe('combobox');
    for (const key of ['Alt+r', 'Ctrl+k', 'Ctrl+d']) await press(key);
    expect(altR).not.toHaveBeenCalled();
    expect(store.get(paletteOpenAtom)).toBe(false);
    expect(linesNow).toHaveLength(4);
    await press('Ctrl+Enter');
    expect(linesNow).toHaveLength(5);
    expect(linesNow[1]!.description).toBe('Seconda');
    const next = openEditor()!;
    expect(next.closest('[role=row]')?.getAttribute('data-line')).toBe('2');
    expect(next.getAttribute('role')).toBe('combobox');
    await press('Escape');
    expect(openEditor()).toBeNull();
    expect(document.activeElement).toBe(grid);
    // With the grid focused again its sequences and keys are back.
    await pressSequence('r', 'y');
    expect(sequence).toHaveBeenCalledOnce();
  });
});
