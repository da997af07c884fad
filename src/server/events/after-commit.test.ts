import { describe, expect, it, vi } from 'vitest';
import type { ChangeNotice } from '../../domain/records.ts';
import { inProcessChangeBus } from './bus.ts';
import { withAfterCommitHooks } from './after-commit.ts';

const notice: ChangeNotice = { type: 'assignments', id: '00000000-0000-4000-8000-000000000001', version: '2026-06-15T10:00:00.000Z', action: 'schedule', by: null };

describe('after-commit hooks', () => {
  it('hear each committed write once, after the bus’s subscribers, and never fail it', () => {
    const bus = inProcessChangeBus();
    const heard: string[] = [];
    bus.subscribe(() => heard.push('subscriber'));
    const log = vi.fn();
    const hooks = [() => void heard.push('hook'), () => { throw new Error('guasto'); }];
    const wrapped = withAfterCommitHooks(bus, hooks, log);
    expect(() => wrapped.afterCommit([notice])).not.toThrow();
    expect(heard).toEqual(['subscriber', 'hook']);
    expect(log).toHaveBeenCalledOnce();
    // A transaction that wrote nothing has nothing to say.
    wrapped.afterCommit([]);
    expect(heard).toEqual(['subscriber', 'hook']);
  });

  it('reads the hooks when a write commits, so one added after the service is built is heard', () => {
    const hooks: ((notices: readonly ChangeNotice[]) => void)[] = [];
    const wrapped = withAfterCommitHooks(inProcessChangeBus(), hooks, () => undefined);
    const seen: ChangeNotice[] = [];
    hooks.push((notices) => seen.push(...notices));
    wrapped.afterCommit([notice]);
    expect(seen).toEqual([notice]);
  });
});
