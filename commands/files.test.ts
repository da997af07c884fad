import { describe, expect, it, vi } from 'vitest';
import { attachCommand, registerAttachTarget } from './files.ts';
import type { CommandContext } from './types.ts';

const ctxOf = (doc: CommandContext['activeDocument']) => ({ activeDocument: doc }) as CommandContext;

describe('record.attach', () => {
  it('is offered only on a stored record whose attachments are shown, and opens its list of files first', () => {
    const logo = { open: vi.fn(), multiple: false };
    const list = { open: vi.fn(), multiple: true };
    const ctx = ctxOf({ type: 'customers', id: 'c1' });
    expect(attachCommand.when?.(ctx)).toBe(false);
    const offLogo = registerAttachTarget('customers', 'c1', logo);
    const offList = registerAttachTarget('customers', 'c1', list);
    expect(attachCommand.when?.(ctx)).toBe(true);
    expect(attachCommand.when?.(ctxOf({ type: 'customers', id: 'c2' }))).toBe(false);
    void attachCommand.run(ctx);
    expect(list.open).toHaveBeenCalledOnce();
    offList();
    void attachCommand.run(ctx);
    expect(logo.open).toHaveBeenCalledOnce();
    offLogo();
    expect(attachCommand.when?.(ctx)).toBe(false);
  });
});
