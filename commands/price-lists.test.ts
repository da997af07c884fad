import { describe, expect, it, vi } from 'vitest';
import { priceListCommands, registerPriceListEditor, type PriceListEditorTarget } from './price-lists.ts';
import { commandProblems } from './registry.ts';
import { fakeContext } from './testing.ts';

const byId = (id: string) => priceListCommands.find((command) => command.id === `priceList.${id}`)!;

function editor(overrides: Partial<PriceListEditorTarget> = {}): PriceListEditorTarget {
  return {
    editable: true, chosenCount: () => 1, rowCount: () => 3,
    addRow: vi.fn(), askPercent: vi.fn(), removeRows: vi.fn(), focusSearch: vi.fn(), importCsv: vi.fn(),
    ...overrides,
  };
}

describe('price list editor commands', () => {
  it('have distinct ids and keys', () => {
    expect(commandProblems(priceListCommands)).toEqual([]);
  });

  it('act only on the price list editor shown in the focused tab', () => {
    const ctx = fakeContext({ activeDocument: { type: 'priceLists', id: 'l1' } }).ctx;
    expect(byId('addRow').when?.(ctx)).toBe(false);
    const target = editor();
    const off = registerPriceListEditor('l1', target);
    expect(byId('addRow').when?.(ctx)).toBe(true);
    expect(byId('addRow').when?.(fakeContext({ activeDocument: { type: 'priceLists', id: 'l2' } }).ctx)).toBe(false);
    expect(byId('addRow').when?.(fakeContext({ activeDocument: { type: 'quotations', id: 'l1' } }).ctx)).toBe(false);
    void byId('percent').run(ctx);
    void byId('remove').run(ctx);
    expect(target.askPercent).toHaveBeenCalledOnce();
    expect(target.removeRows).toHaveBeenCalledOnce();
    off();
    expect(byId('addRow').when?.(ctx)).toBe(false);
  });

  it('say why the % change and removal are disabled without rows, and offer only reading to who may not edit', () => {
    const ctx = fakeContext({ activeDocument: { type: 'priceLists', id: 'l3' } }).ctx;
    const offEmpty = registerPriceListEditor('l3', editor({ chosenCount: () => 0 }));
    expect(byId('percent').when?.(ctx)).toEqual({ disabled: expect.any(String) });
    expect(byId('remove').when?.(ctx)).toEqual({ disabled: expect.any(String) });
    offEmpty();
    const offReadOnly = registerPriceListEditor('l3', editor({ editable: false }));
    expect(['addRow', 'percent', 'remove', 'importCsv'].map((id) => byId(id).when?.(ctx))).toEqual([false, false, false, false]);
    expect(byId('search').when?.(ctx)).toBe(true);
    offReadOnly();
  });
});
