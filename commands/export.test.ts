import { describe, expect, it, vi } from 'vitest';
import { exportCommand, preferExportTarget, registerExportTarget } from './export.ts';
import { fakeContext } from './testing.ts';

describe('«Esporta» (Alt+E)', () => {
  it('acts on the target of the shown tab’s page, whatever its view query, and says why it is off', () => {
    const run = vi.fn();
    const at = (url: string) => {
      const { ctx } = fakeContext();
      ctx.workspace.activeUrl = url;
      return ctx;
    };
    expect(exportCommand.when?.(at('/customers/company'))).toBe(false);
    let rows = 2;
    const off = registerExportTarget('/customers/company?sort=code', { run, available: () => (rows > 0 ? true : { disabled: 'Nessuna riga da esportare' }) });
    expect(exportCommand.when?.(at('/customers/company?filter[city]=Bergamo'))).toBe(true);
    expect(exportCommand.when?.(at('/customers/person'))).toBe(false);
    void exportCommand.run(at('/customers/company'));
    expect(run).toHaveBeenCalledOnce();
    rows = 0;
    expect(exportCommand.when?.(at('/customers/company'))).toEqual({ disabled: 'Nessuna riga da esportare' });
    off();
    expect(exportCommand.when?.(at('/customers/company'))).toBe(false);
  });

  it('exports the first grid of a page with two until the user works in the other, and the other once the first is gone', () => {
    const { ctx } = fakeContext();
    ctx.workspace.activeUrl = '/customers/c-1';
    const equipment = { run: vi.fn(), available: () => true as const };
    const installations = { run: vi.fn(), available: () => true as const };
    const offEquipment = registerExportTarget('/customers/c-1', equipment);
    const offInstallations = registerExportTarget('/customers/c-1', installations);
    void exportCommand.run(ctx);
    expect(equipment.run).toHaveBeenCalledOnce();
    preferExportTarget('/customers/c-1', installations);
    void exportCommand.run(ctx);
    expect(installations.run).toHaveBeenCalledOnce();
    preferExportTarget('/customers/c-1', equipment);
    offEquipment();
    void exportCommand.run(ctx);
    expect(installations.run).toHaveBeenCalledTimes(2);
    offInstallations();
    expect(exportCommand.when?.(ctx)).toBe(false);
  });
});
