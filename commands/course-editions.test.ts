import { describe, expect, it, vi } from 'vitest';
import { attendanceGridCommands, courseEditionCommands, type CourseEditionTarget } from './course-editions.ts';
import { commandProblems, commands as staticCommands } from './registry.ts';
import { fakeContext } from './testing.ts';

function target(overrides: Partial<CourseEditionTarget> = {}): CourseEditionTarget {
  return {
    lockedReason: () => undefined, gridLockedReason: () => undefined, participantCount: () => 3,
    addSession: vi.fn(), addParticipant: vi.fn(), focusGrid: vi.fn(), move: vi.fn(), toggle: vi.fn(),
    ...overrides,
  };
}

const byId = (list: ReturnType<typeof courseEditionCommands>, id: string) => list.find((command) => command.id === id)!;

describe('course edition commands', () => {
  it('have distinct ids and keys, also next to the static commands of their scopes', () => {
    const live = { current: target() };
    const tab = courseEditionCommands(live);
    const grid = attendanceGridCommands(live);
    expect(commandProblems([...tab, ...grid])).toEqual([]);
    expect(commandProblems([...staticCommands.filter((c) => ['tab', 'grid'].includes(c.scope ?? 'global')), ...tab, ...grid])).toEqual([]);
  });

  it('add sessions and participants unless the edition is locked, saying why', () => {
    const { ctx } = fakeContext({ permissions: [{ action: 'manage', subject: 'all' }] });
    const live = { current: target() };
    const list = courseEditionCommands(live);
    void byId(list, 'courseEdition.addSession').run(ctx);
    void byId(list, 'courseEdition.addParticipant').run(ctx);
    expect(live.current.addSession).toHaveBeenCalledOnce();
    expect(live.current.addParticipant).toHaveBeenCalledOnce();
    live.current = target({ lockedReason: () => 'Edizione chiusa' });
    expect(byId(list, 'courseEdition.addSession').when?.(ctx)).toEqual({ disabled: 'Edizione chiusa' });
    expect(byId(list, 'courseEdition.focusGrid').when?.(ctx)).toBe(true);
    live.current = target({ participantCount: () => 0 });
    expect(byId(list, 'courseEdition.focusGrid').when?.(ctx)).toEqual({ disabled: 'Nessun partecipante' });
  });

  it('move the grid cursor with the arrows and toggle with Space while the grid may change', () => {
    const { ctx } = fakeContext();
    const live = { current: target() };
    const grid = attendanceGridCommands(live);
    const key = (k: string) => grid.find((command) => command.keys?.includes(k))!;
    void key('ArrowDown').run(ctx);
    void key('ArrowLeft').run(ctx);
    void key('Space').run(ctx);
    expect(live.current.move).toHaveBeenCalledWith(1, 0);
    expect(live.current.move).toHaveBeenCalledWith(0, -1);
    expect(live.current.toggle).toHaveBeenCalledOnce();
    live.current = target({ gridLockedReason: () => 'Edizione annullata' });
    expect(key('Space').when?.(ctx)).toEqual({ disabled: 'Edizione annullata' });
  });
});
